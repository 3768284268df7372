import type { ReactNode } from 'react'
import styles from './PageFrame.module.css'

/** Props of PageFrame. */
export interface PageFrameProps {
  title: string
  children?: ReactNode
  testId?: string
  /** Uses the whole width (screens that set pages beside lists, such as Accounting). */
  wide?: boolean
}

/** The frame every screen shares: the main heading and the screen's content. */
export function PageFrame({ title, children, testId, wide = false }: PageFrameProps) {
  return (
    <section className={wide ? `${styles.page} ${styles.wide}` : styles.page} data-testid={testId}>
      <h1 className={styles.title}>{title}</h1>
      {children}
    </section>
  )
}

/** Props of EmptyState. */
export interface EmptyStateProps {
  title: string
  text: string
  icon?: ReactNode
  children?: ReactNode
}

/** An honest empty state: what the area is for and that there is nothing to show yet. */
export function EmptyState({ title, text, icon, children }: EmptyStateProps) {
  return (
    <div className={styles.empty} data-testid="empty-state">
      {icon}
      <h2 className={styles.emptyTitle}>{title}</h2>
      <p>{text}</p>
      {children}
    </div>
  )
}
