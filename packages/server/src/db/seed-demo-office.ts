import { createAddress } from '../commands/createAddress'
import { DEMO_SUPPLIERS } from './seed-demo-data'
import type { DemoScreenContext } from './seed-demo-context'

/** Streets of the demo suppliers, for their entries in the firm's address register. */
const STREETS: Record<number, string> = {
  330001: 'Lassallestraße 9',
  330002: 'Thomas-Klestil-Platz 14',
  330003: 'Rochusplatz 1',
  330004: 'Metro-Platz 1',
  330005: 'Untere Donaustraße 21',
  330010: 'Linzer Gasse 12',
}

/**
 * The firm's address register, the office's scanner and who is responsible for which client (issue 38), written
 * through the same commands and services as the admin screens (the VAT ids checked locally, not with VIES).
 */
export async function seedDemoOffice(context: DemoScreenContext): Promise<void> {
  const { app, admin, actor } = context
  for (const supplier of DEMO_SUPPLIERS.filter((entry) => STREETS[entry.account])) {
    const data = { name: supplier.name, street: STREETS[supplier.account], zip: supplier.zip, town: supplier.town, country: 'AT', rpaId: String(supplier.account), vatId: supplier.vat_id }
    await createAddress({ app, data, actor, offline: true })
  }
  await app.service('scanner-registrations').create({ location: 'Empfang Innsbruck', company_no: 1001, users: ['staff@demo.portal', 'admin@demo.portal'] }, { user: admin })
  const knex = app.get('knex')
  const staffId = async (email: string) => String(((await knex('users').where({ email }).first('id')) as { id: string }).id)
  // Stefan Bauer looks after the companies he works for, Anna Huber after two more; Rheintal Textil waits for someone.
  await app.service('responsibility').create({ staffId: await staffId('staff@demo.portal'), companyNos: [1001, 1002, 1003, 1004, 1005] }, { user: admin })
  await app.service('responsibility').create({ staffId: await staffId('admin@demo.portal'), companyNos: [1006, 1007] }, { user: admin })
}
