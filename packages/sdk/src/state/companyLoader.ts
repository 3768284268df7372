import { COMPANY_RESOURCES, type CompanyData, type CompanyEvent, type CompanyState, companyReducer, initialCompanyState } from './company'

/** One async load per resource for a given client (e.g. a `find` on acc-periods). */
export type CompanyLoaders<D extends CompanyData = CompanyData> = {
  readonly [R in keyof D]: (client: string) => Promise<D[R]>
}

/** Options of CompanyLoader. */
export interface CompanyLoaderOptions<D extends CompanyData> {
  readonly loaders: CompanyLoaders<D>
  /** Called with every new state (render it, put it in a store). */
  readonly onChange?: (state: CompanyState<D>) => void
  /** Called when a load fails (§8: logged and emitted as an error). */
  readonly onError?: (error: unknown, resource: keyof D & string) => void
}

/** Runs the loads of a company change and feeds their answers through companyReducer. */
export class CompanyLoader<D extends CompanyData = CompanyData> {
  private current: CompanyState<D> = initialCompanyState<D>()

  constructor(private readonly options: CompanyLoaderOptions<D>) {}

  /** The latest state. */
  get state(): CompanyState<D> {
    return this.current
  }

  /** Selects a client, resets its data and loads it; resolves when this selection's loads have settled. */
  async select(client: string | null): Promise<CompanyState<D>> {
    this.dispatch({ type: 'companyChanged', client })
    const { generation, client: selected } = this.current
    if (selected === null) return this.current
    await Promise.all(
      COMPANY_RESOURCES.map(async (resource) => {
        try {
          const value = await this.options.loaders[resource](selected)
          this.dispatch({ type: 'loaded', generation, resource, value } as CompanyEvent<D>)
        } catch (error) {
          if (generation === this.current.generation) this.options.onError?.(error, resource)
          this.dispatch({ type: 'loadFailed', generation, resource })
        }
      }),
    )
    return this.current
  }

  private dispatch(event: CompanyEvent<D>): void {
    const next = companyReducer(this.current, event)
    if (next === this.current) return
    this.current = next
    this.options.onChange?.(next)
  }
}
