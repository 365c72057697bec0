// Placeholder until this screen lands in the events work; answers 404 like an unknown path.
export function loader() {
  throw new Response('Not Found', { status: 404 });
}
export default function Placeholder() {
  return null;
}
