import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { SocialScreen, SwitchModeLink } from '~/components/social/SocialScreen';
import { safeRedirect } from '~/components/social/providers';
import { getFixedT } from '~/lib/i18n.server';
import { documentMeta, rootFromMatches } from '~/lib/meta';

/** /socialSignUp: sign up with one of the tenant's social providers; ends signed in. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = await getFixedT(context.language);
  const { tenant } = context;
  return json({
    title: t('social.signUpTitle'),
    lead: t('social.signUpLead', { site: tenant.displayName }),
    providers: tenant.signIn.socialProviders,
    redirectTo: safeRedirect(new URL(request.url).searchParams.get('redirectTo')),
  });
}

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
