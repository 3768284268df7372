import { Component, type ErrorInfo, type ReactNode } from 'react'

/** Props of ErrorBoundary. */
export interface ErrorBoundaryProps {
  /** Told about every component error, e.g. to show it in the snackbar. */
  onError: (error: Error) => void
  /** What to render instead of the broken subtree. */
  fallback: ReactNode
  /** Changing this value (e.g. the path) clears the error so the next page renders again. */
  resetKey?: string
  children: ReactNode
}

interface State {
  failedAt: string | undefined | null
}

/** Catches component errors of a screen, reports them, and shows the fallback until the route changes. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { failedAt: null }

  static getDerivedStateFromError(): Partial<State> {
    return { failedAt: undefined }
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    this.setState({ failedAt: this.props.resetKey })
    console.error(error, info.componentStack)
    this.props.onError(error)
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.failedAt !== null && previous.resetKey !== this.props.resetKey) this.setState({ failedAt: null })
  }

  override render(): ReactNode {
    return this.state.failedAt === null ? this.props.children : this.props.fallback
  }
}
