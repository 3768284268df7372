import { documentBookingsDescriptor, type DocumentBookingData } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { integerId } from '../../hooks/guard'
import { documentTarget } from '../../models/documents/index'
import { registerService } from '../shared/register'
import { DocumentBookingsService } from './document-bookings.class'

/** Registers document-bookings; every method concerns the company of its live document (missing and trashed alike refused). */
export function configureDocumentBookingsService(app: Application): void {
  const knex = app.get('knex')
  registerService(app, documentBookingsDescriptor, new DocumentBookingsService(app), {
    target: async (context) => {
      const id = context.method === 'create' ? (context.data as DocumentBookingData).document_id : integerId(context.id)
      return documentTarget(knex, id, { trashed: false })
    },
  })
}
