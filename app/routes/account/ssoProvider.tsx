import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { SocialScreen, SwitchModeLink } from '#app/components/social/SocialScreen';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './ssoProvider.server';
import { i18nHandle } from '#app/lib/handles';

export { loader } from './ssoProvider.server';
export const handle = i18nHandle('social');

export default function SsoProvider() {
  const data = useLoaderData<typeof loader>();
  return (
    <SocialScreen
      mode={data.mode}
      title={data.title}
      lead={data.lead}
      providers={data.providers}
      redirectTo={data.redirectTo}
      withOtherMethods
      footer={<SwitchModeLink mode={data.mode} hub />}
    />
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
