/**
 * The room layouts on their own, without the event model's dependencies: the root route's
 * revalidation rule (app/root.tsx) needs them in every page's bundle.
 */

/** Every room layout (docs/PRODUCT.md, Route index: live rooms): each is the route /<layout>?event=<id>. */
export const ROOM_LAYOUTS = [
  'liveEventsContainer',
  'liveEventsVideo',
  'liveEventsChat',
  'preBuilt',
  'preBuiltChat',
  'customVideo',
  'hybridVideoChat',
  'ils',
  'lbc',
  'hbc',
  'abc',
  'habc',
  'pvs',
  'hpv',
] as const;

/** Whether a path is a live room's (/<layout>). */
export const isRoomPath = (pathname: string): boolean => (ROOM_LAYOUTS as readonly string[]).includes(pathname.replace(/^\/+|\/+$/g, ''));
