import type { Knex } from 'knex'

/**
 * Suppliers and customers with booking defaults, and the firm's tax code table (issue 12).
 * - accounts: the counter account, tax code and cost centre an accountant books this supplier or customer with unless
 *   the document says otherwise (booking suggestions read them), and when the account was last changed.
 * - tax_code_targets: the firm's overrides of the default BMD steuercode / DATEV BU-Schlüssel of a portal tax code
 *   (DEFAULT_TAX_CODE_TARGETS in @portal/sdk/domain); a code without a row, or a null column, keeps the default.
 * - tax_code_target_changes: every change of that table, append-only (who, when, old → new as the export saw it).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('accounts', (t) => {
    t.integer('counter_account')
    t.text('tax_code')
    t.text('cost_center')
    t.timestamp('updated_at', { useTz: true })
  })
  // Duplicate checks look accounts up by VAT id and IBAN within a company, spaces and case ignored.
  await knex.raw(`create index accounts_vat_id_idx on accounts (company_no, upper(replace(vat_id, ' ', ''))) where vat_id is not null`)
  await knex.raw(`create index accounts_iban_idx on accounts (company_no, upper(replace(iban, ' ', ''))) where iban is not null`)
  await knex.schema.createTable('tax_code_targets', (t) => {
    t.text('code').primary()
    t.text('bmd_steuercode')
    t.text('datev_bu')
    t.uuid('updated_by')
    t.text('updated_by_name')
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  await knex.schema.createTable('tax_code_target_changes', (t) => {
    t.bigIncrements('id').primary()
    t.text('code').notNullable()
    // The effective values before and after (defaults included), so the line reads as the export wrote it.
    t.text('old_bmd_steuercode').notNullable()
    t.text('old_datev_bu').notNullable()
    t.text('new_bmd_steuercode').notNullable()
    t.text('new_datev_bu').notNullable()
    t.uuid('changed_by')
    t.text('changed_by_name')
    t.timestamp('changed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['code', 'changed_at'])
  })
  await knex.raw(`
    create function tax_code_target_changes_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'tax_code_target_changes is append-only';
    end $$`)
  await knex.raw(`
    create trigger tax_code_target_changes_append_only before update or delete on tax_code_target_changes
    for each row execute function tax_code_target_changes_append_only()`)
}

/** Drops what up created. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('tax_code_target_changes')
  await knex.raw('drop function if exists tax_code_target_changes_append_only()')
  await knex.schema.dropTableIfExists('tax_code_targets')
  await knex.raw('drop index if exists accounts_iban_idx')
  await knex.raw('drop index if exists accounts_vat_id_idx')
  await knex.schema.alterTable('accounts', (t) => {
    t.dropColumn('updated_at')
    t.dropColumn('cost_center')
    t.dropColumn('tax_code')
    t.dropColumn('counter_account')
  })
}
