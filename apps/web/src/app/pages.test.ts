import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { PAGE_PATHS } from '@preffy/api';
import { createAppRouter } from './router.tsx';

/** The server answers 404 for any page its list lacks (issue 19): the list is the router's. */
describe('the pages the server knows', () => {
  it('are exactly the pages the router declares', () => {
    const router = createAppRouter(new QueryClient());
    const declared = Object.keys(router.routesByPath).map((p) => (p.length > 1 ? p.replace(/\/$/, '') : p));
    expect([...declared].sort()).toEqual([...PAGE_PATHS].sort());
  });
});
