import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { SocialScreen, SwitchModeLink } from '#app/components/social/SocialScreen';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './ssoSignUp.server';
import { i18nHandle } from '#app/lib/handles';

/** /ssoSignUp: the single-sign-on hub: every enabled social provider, then the email / phone methods. */
export { loader } from './ssoSignUp.server';
export const handle = i18nHandle('social');

export default function SsoSignUp() {
  const data = useLoaderData<typeof loader>();
  return (
    <SocialScreen
      mode="signUp"
      title={data.title}
      lead={data.lead}
      providers={data.providers}
      redirectTo={data.redirectTo}
      withOtherMethods
      footer={<SwitchModeLink mode="signUp" hub />}
    />
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
