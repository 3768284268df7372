import { describe, expect, it } from 'vitest'
import { render } from 'ink-testing-library'
import { FatalError } from './FatalError'

describe('FatalError', () => {
  it('shows the message and what to do next', () => {
    const { lastFrame } = render(<FatalError message="You are not signed in." hint="Run `portal login` to sign in." />)
    expect(lastFrame()).toBe('✗ You are not signed in.\nRun `portal login` to sign in.')
  })
})
