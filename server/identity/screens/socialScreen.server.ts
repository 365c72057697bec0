import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { safeRedirect } from '#app/lib/safeRedirect';
import { getFixedT } from '#server/i18n.server';
import { SIGNED_IN_LANDING } from '#app/lib/nav';

/** Which social screen: its title and lead are `social.<screen>Title` / `social.<screen>Lead`. */
export type SocialScreenKind = 'signIn' | 'signUp' | 'hubSignIn' | 'hubSignUp';

/** What every social / SSO screen shows: texts, the tenant's enabled providers, the return path. */
export async function socialScreenData({ request, context }: Pick<LoaderFunctionArgs, 'request' | 'context'>, screen: SocialScreenKind) {
  const t = await getFixedT(context.languageTag);
  const { tenant } = context;
  return {
    title: t(`social.${screen}Title`),
    lead: t(`social.${screen}Lead`, { site: tenant.displayName }),
    providers: tenant.signIn.socialProviders,
    redirectTo: safeRedirect(new URL(request.url).searchParams.get('redirectTo'), SIGNED_IN_LANDING),
  };
}

export async function loadSocialScreen(args: LoaderFunctionArgs, screen: SocialScreenKind) {
  return json(await socialScreenData(args, screen));
}
