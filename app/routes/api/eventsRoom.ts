// Placeholder until this endpoint lands in the events work.
export function loader() {
  throw new Response('Not Found', { status: 404 });
}
