import type { ReactElement } from 'react'
import { render, type RenderResult } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { I18nextProvider } from 'react-i18next'
import { BaseStyles, ThemeProvider } from '@primer/react'
import { createI18n } from '@portal/sdk/i18n'
import type { Language } from '@portal/sdk/domain'

/** Renders a component the way the app does: i18n in the given language, Primer theme, a router at `path`. */
export function renderWithShell(ui: ReactElement, { path = '/', lng = 'en' }: { path?: string; lng?: Language } = {}): RenderResult {
  const i18n = createI18n({ lng })
  return render(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <BaseStyles>
          <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
        </BaseStyles>
      </ThemeProvider>
    </I18nextProvider>,
  )
}
