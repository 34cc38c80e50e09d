/** Who a route lets in, as its guard decides: anyone, a signed-in user, or an admin. */
export type RouteAccess = 'guest' | 'user' | 'admin';

export type AppRoute = { pattern: string; access: RouteAccess };

type RouteNode = {
  path?: string;
  index?: boolean;
  Component?: unknown;
  children?: RouteNode[];
};

type RouteTableModule = { createRoutes: (queryClient: unknown) => RouteNode[] };
type RouteGuardsModule = { RequireUser: unknown; RequireAdmin: unknown };

/*
 * The web app's own route table, so that a route added there is visited here without anyone
 * having to remember. The modules are loaded at run time rather than imported: the web's sources
 * belong to another TypeScript project, and only the route objects are needed, never their pages
 * (a lazy route's code is not loaded until its `lazy` function runs).
 */
const ROUTE_TABLE = '../apps/web/src/app/route-table.tsx';
const ROUTE_GUARDS = '../apps/web/src/app/route-guards.tsx';

export async function loadAppRoutes(): Promise<AppRoute[]> {
  const { createRoutes } = (await import(ROUTE_TABLE)) as RouteTableModule;
  const { RequireUser, RequireAdmin } = (await import(ROUTE_GUARDS)) as RouteGuardsModule;
  const accessOf = (node: RouteNode, inherited: RouteAccess): RouteAccess =>
    node.Component === RequireAdmin ? 'admin' : node.Component === RequireUser ? 'user' : inherited;

  const routes: AppRoute[] = [];
  const walk = (nodes: RouteNode[], prefix: string, inherited: RouteAccess) => {
    for (const node of nodes) {
      const path = node.path ? `${prefix}/${node.path}`.replace(/\/+/g, '/') : prefix;
      const access = accessOf(node, inherited);
      if (node.children) walk(node.children, path, access);
      else routes.push({ pattern: path || '/', access });
    }
  };
  // The loaders are never called here, so no query client is needed.
  walk(createRoutes(undefined), '', 'guest');
  return routes;
}
