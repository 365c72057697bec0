import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { SocialScreen, SwitchModeLink } from '#app/components/social/SocialScreen';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './socialSignUp.server';
import { i18nHandle } from '#app/lib/handles';

/** /socialSignUp: sign up with one of the tenant's social providers; ends signed in. */
export { loader } from './socialSignUp.server';
export const handle = i18nHandle('social');

export default function SocialSignUp() {
  const data = useLoaderData<typeof loader>();
  return (
    <SocialScreen
      mode="signUp"
      title={data.title}
      lead={data.lead}
      providers={data.providers}
      redirectTo={data.redirectTo}
      footer={<SwitchModeLink mode="signUp" hub={false} />}
    />
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
