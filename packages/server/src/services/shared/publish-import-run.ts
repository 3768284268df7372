import type { Application } from '../../declarations'
import { ADMINS_CHANNEL } from '../../channels'

/** An import run as published: a dry run's preview answers with id 0, as it is stored nowhere. */
interface ImportRunEvent {
  id?: number
}

/**
 * Publishes an import service's events (created, progress, done, failed) to every administrator, except a dry
 * run's preview: it is the asker's answer, not an import, and Feathers would otherwise announce it as created.
 */
export function publishImportRuns(app: Application, path: string): void {
  app.service(path as 'fon-imports').publish((entry) => ((entry as ImportRunEvent).id === 0 ? undefined : app.channel(ADMINS_CHANNEL)))
}
