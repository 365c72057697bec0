import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { SocialScreen, SwitchModeLink } from '#app/components/social/SocialScreen';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './ssoSignIn.server';
import { i18nHandle } from '#app/lib/handles';

/** /ssoSignIn: the single-sign-on hub: every enabled social provider, then the email / phone methods. */
export { loader } from './ssoSignIn.server';
export const handle = i18nHandle('social');

export default function SsoSignIn() {
  const data = useLoaderData<typeof loader>();
  return (
    <SocialScreen
      mode="signIn"
      title={data.title}
      lead={data.lead}
      providers={data.providers}
      redirectTo={data.redirectTo}
      withOtherMethods
      footer={<SwitchModeLink mode="signIn" hub />}
    />
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
