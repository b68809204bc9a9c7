// The server answers 404 for any path that is not one of the app's pages (shared APP_PAGE_PATHS); the list must name
// exactly the router's pages, or a real page would be answered 404 (or a missing one 200).
import { expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { APP_PAGE_PATHS } from '@app/shared';
import { router } from '../src/app/router';

const paths = (routes: RouteObject[]): string[] =>
  routes.flatMap((r) => [...(r.path ? [r.path] : []), ...paths(r.children ?? [])]);

it("lists exactly the router's pages, its catch-all 404 aside", () => {
  const declared = paths(router.routes).filter((p) => p !== '*');
  expect([...declared].sort()).toEqual([...APP_PAGE_PATHS].sort());
});
