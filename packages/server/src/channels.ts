import type { Application } from './declarations'

/** Realtime channels: a connection joins the channels of the companies it may see. */
export function configureChannels(app: Application): void {
  void app
}
