import type { Application } from '../declarations'

/** Registers every service of the portal. Each service lives in its own folder (see STYLE.md). */
export async function configureServices(app: Application): Promise<void> {
  void app
}
