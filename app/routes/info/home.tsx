import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Hero } from '#app/components/home/Hero';
import { HomeSections } from '#app/components/home/HomeSections';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './home.server';
import { staticHandle } from '#app/lib/handles';

export { loader } from './home.server';

export const handle = staticHandle('events', 'home');

/** The tenant's home page: its hero and sections in the order its layout gives (docs/decisions/0038). */
export default function Home() {
  const { hero, sections, timeZone } = useLoaderData<typeof loader>();
  return (
    <>
      <Hero hero={hero} />
      <HomeSections sections={sections} timeZone={timeZone} />
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => documentMeta(rootFromMatches(matches));
