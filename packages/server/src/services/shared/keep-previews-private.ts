import type { HookContext } from '@feathersjs/feathers'
import type { Application } from '../../declarations'

/**
 * A dry run's preview is the asker's answer, not an import: Feathers would announce it as `created` to every
 * administrator, so its event is dropped (the import runs' audience is their descriptor's, 'firm').
 */
export function keepPreviewsPrivate(app: Application, path: 'fon-imports' | 'sv-imports'): void {
  app.service(path).hooks({
    after: {
      create: [
        (context: HookContext) => {
          if ((context.data as { dryRun?: boolean } | undefined)?.dryRun) context.event = null
        },
      ],
    },
  })
}
