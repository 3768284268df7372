import { Spinner } from '@primer/react'

/** Props of Loading. */
export interface LoadingProps {
  /** What is loading, read out to screen readers and shown beside the spinner. */
  label: string
}

/** A centred spinner with a visible label, used while the session or company data loads. */
export function Loading({ label }: LoadingProps) {
  return (
    <div role="status" aria-live="polite" data-testid="loading" style={{ display: 'flex', gap: 12, alignItems: 'center', justifyContent: 'center', padding: 48 }}>
      <Spinner size="medium" srText={null} />
      <span>{label}</span>
    </div>
  )
}
