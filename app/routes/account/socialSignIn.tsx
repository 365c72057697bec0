import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { SocialScreen, SwitchModeLink } from '#app/components/social/SocialScreen';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './socialSignIn.server';
import { i18nHandle } from '#app/lib/handles';

/**
 * /socialSignIn: the tenant's social provider buttons, and the OAuth redirect_uri. With
 * ?code&state (or ?error&state) it completes the sign-in on the server
 * (server/identity/social/flow.server.ts): success sets Amplify's token cookies and redirects (a full page
 * load, so every loader sees the session); a failure shows a clear message here.
 */
export { loader } from './socialSignIn.server';
export const handle = i18nHandle('social');

export default function SocialSignIn() {
  const data = useLoaderData<typeof loader>();
  return (
    <SocialScreen
      mode="signIn"
      title={data.title}
      lead={data.lead}
      providers={data.providers}
      redirectTo={data.redirectTo}
      error={data.error}
      footer={<SwitchModeLink mode="signIn" hub={false} />}
    />
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
