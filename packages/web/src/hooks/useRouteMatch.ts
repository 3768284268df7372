import { useMemo } from 'react'
import { matchPath, useLocation } from 'react-router-dom'
import { ROUTES, type RouteDef } from '@portal/sdk/state'

/** The route of SPEC §2 the current URL belongs to, with its raw parameters. */
export interface RouteMatchInfo {
  route: RouteDef
  params: Record<string, string | undefined>
}

/** Finds the route table entry for a path; the catch-all not-found route when nothing else matches. */
export function matchRoute(pathname: string): RouteMatchInfo {
  for (const route of ROUTES) {
    if (route.path === '*') continue
    for (const pattern of expandOptional(route.path)) {
      const match = matchPath({ path: pattern, end: true }, pathname)
      if (match) return { route, params: match.params }
    }
  }
  return { route: ROUTES[ROUTES.length - 1], params: {} }
}

// matchPath does not take optional segments; try the longest form first, as react-router ranks them.
function expandOptional(path: string): string[] {
  const segments = path.split('/')
  const forms: string[] = []
  const optional = segments.filter((s) => s.endsWith('?')).length
  for (let drop = 0; drop <= optional; drop++) {
    let toDrop = drop
    const kept: string[] = []
    for (let i = segments.length - 1; i >= 0; i--) {
      const segment = segments[i]
      if (segment.endsWith('?') && toDrop > 0) {
        toDrop--
        continue
      }
      kept.unshift(segment.endsWith('?') ? segment.slice(0, -1) : segment)
    }
    forms.push(kept.join('/') || '/')
  }
  return forms
}

/** The route of the current location. */
export function useRouteMatch(): RouteMatchInfo {
  const { pathname } = useLocation()
  return useMemo(() => matchRoute(pathname), [pathname])
}
