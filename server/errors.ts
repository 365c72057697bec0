/**
 * Whether `e` is an error of the class called `name`. Prefer this to `instanceof` for errors a
 * context.data call throws: the Remix build bundles route code with its own copies of server
 * modules, while server/app.ts builds context.data from the server's modules, so in production
 * such an error is not an instance of the route's copy of its class (docs/decisions/0018).
 */
export const isErrorNamed = (e: unknown, name: string): boolean => e instanceof Error && e.name === name;
