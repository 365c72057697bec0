// The exact, case-sensitive route table. Every path here is a screen path of the specification
// (tests/unit/spec-screens.ts) and has a working module; the table grows with each capability.
// `file` is relative to app/. docs/PRODUCT.md, Route index, says what each screen does.
// `maxBodyBytes` caps the request body (server/http/bodies.ts answers 413 above it); a route
// without one gets DEFAULT_MAX_BODY_BYTES, so a new route is capped without anyone remembering.

/** @typedef {{ path: string; file: string; maxBodyBytes?: number }} RouteEntry */

/** The body cap of every route that names none, and of every path outside the table. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/** @type {ReadonlyArray<RouteEntry>} */
export const ROUTES = [
  { path: '/', file: 'routes/info/home.tsx' },
  { path: '/home', file: 'routes/info/home.tsx' },
  { path: '/aboutUs', file: 'routes/info/aboutUs.tsx' },
  { path: '/company', file: 'routes/info/company.tsx' },
  { path: '/products', file: 'routes/info/products.tsx' },
  { path: '/features', file: 'routes/info/features.tsx' },
  { path: '/solutions', file: 'routes/info/solutions.tsx' },
  { path: '/platform', file: 'routes/info/platform.tsx' },
  { path: '/services', file: 'routes/info/services.tsx' },
  { path: '/pricing', file: 'routes/info/pricing.tsx' },
  { path: '/partners', file: 'routes/info/partners.tsx' },
  { path: '/support', file: 'routes/info/support.tsx' },
  { path: '/questions', file: 'routes/info/questions.tsx' },
  { path: '/cdeVerified', file: 'routes/info/cdeVerified.tsx' },
  { path: '/terms', file: 'routes/info/terms.tsx' },
  { path: '/privacy', file: 'routes/info/privacy.tsx' },
  { path: '/security', file: 'routes/info/security.tsx' },
  { path: '/requestInfo', file: 'routes/info/requestInfo.tsx', maxBodyBytes: 128 * 1024 },
  { path: '/contactUs', file: 'routes/info/contactUs.tsx', maxBodyBytes: 128 * 1024 },
  { path: '/blog', file: 'routes/info/blog.tsx' },
  { path: '/blogDetails', file: 'routes/info/blogDetails.tsx' },
  { path: '/news', file: 'routes/info/news.tsx' },
  { path: '/newsDetails', file: 'routes/info/newsDetails.tsx' },
  { path: '/job', file: 'routes/info/job.tsx' },
  { path: '/jobDetails', file: 'routes/info/jobDetails.tsx' },
  { path: '/changeLanguage', file: 'routes/account/changeLanguage.tsx' },
  { path: '/signIn', file: 'routes/account/signIn.tsx' },
  { path: '/signOut', file: 'routes/account/signOut.tsx' },
  { path: '/signUp', file: 'routes/account/signUp.tsx' },
  { path: '/signUpEmailSender', file: 'routes/account/signUpEmailSender.tsx' },
  { path: '/signUpAuth', file: 'routes/account/signUpAuth.tsx' },
  { path: '/signUpPhoneNum', file: 'routes/account/signUpPhoneNum.tsx' },
  { path: '/verifyPhoneNumber', file: 'routes/account/verifyPhoneNumber.tsx' },
  { path: '/signUpUltimate', file: 'routes/account/signUpUltimate.tsx' },
  { path: '/signUpPanel', file: 'routes/account/signUpPanel.tsx' },
  { path: '/socialSignIn', file: 'routes/account/socialSignIn.tsx' },
  { path: '/socialSignUp', file: 'routes/account/socialSignUp.tsx' },
  { path: '/registerMe', file: 'routes/account/registerMe.tsx' },
  { path: '/guestVerification', file: 'routes/account/guestVerification.tsx' },
  { path: '/forgotPassword', file: 'routes/account/forgotPassword.tsx' },
  { path: '/passwordRecovery', file: 'routes/account/passwordRecovery.tsx' },
  { path: '/changePassword', file: 'routes/account/changePassword.tsx' },
  { path: '/commonVerifier', file: 'routes/account/commonVerifier.tsx' },
  { path: '/ssoSignIn', file: 'routes/account/ssoSignIn.tsx' },
  { path: '/ssoSignUp', file: 'routes/account/ssoSignUp.tsx' },
  { path: '/ssoSignUpEmailSender', file: 'routes/account/ssoSignUpEmailSender.tsx' },
  { path: '/ssoSignUpPhone', file: 'routes/account/ssoSignUpPhone.tsx' },
  { path: '/ssoSignInPhone', file: 'routes/account/ssoSignInPhone.tsx' },
  { path: '/ssoSignInFacebook', file: 'routes/account/ssoProvider.tsx' },
  { path: '/ssoSignInGoogle', file: 'routes/account/ssoProvider.tsx' },
  { path: '/ssoSignInApple', file: 'routes/account/ssoProvider.tsx' },
  { path: '/ssoSignInAmazon', file: 'routes/account/ssoProvider.tsx' },
  { path: '/ssoSignInLinkedIn', file: 'routes/account/ssoProvider.tsx' },
  { path: '/ssoSignInTwitter', file: 'routes/account/ssoProvider.tsx' },
  { path: '/ssoSignInTikTok', file: 'routes/account/ssoProvider.tsx' },
  { path: '/ssoSignUpFacebook', file: 'routes/account/ssoProvider.tsx' },
  { path: '/ssoSignUpGoogle', file: 'routes/account/ssoProvider.tsx' },
  { path: '/ssoSignUpApple', file: 'routes/account/ssoProvider.tsx' },
  { path: '/ssoSignUpAmazon', file: 'routes/account/ssoProvider.tsx' },
  { path: '/ssoSignUpLinkedIn', file: 'routes/account/ssoProvider.tsx' },
  { path: '/ssoSignUpTwitter', file: 'routes/account/ssoProvider.tsx' },
  { path: '/ssoSignUpTikTok', file: 'routes/account/ssoProvider.tsx' },
  { path: '/twoFactorEnrollment', file: 'routes/twoFactor/twoFactorEnrollment.tsx' },
  { path: '/twoFactorVerifyPhone', file: 'routes/twoFactor/twoFactorVerifyPhone.tsx' },
  { path: '/twoFactorAddPhone', file: 'routes/twoFactor/twoFactorAddPhone.tsx' },
  { path: '/twoFactorEnrollSuccess', file: 'routes/twoFactor/twoFactorEnrollSuccess.tsx' },
  { path: '/twoFactorSignInVerify', file: 'routes/twoFactor/twoFactorSignInVerify.tsx' },
  { path: '/userDashboard', file: 'routes/dashboard/userDashboard.tsx' },
  { path: '/scheduleEvents', file: 'routes/events/scheduleEvents.tsx', maxBodyBytes: 256 * 1024 },
  { path: '/testScheduler', file: 'routes/events/testScheduler.tsx' },
  { path: '/shortUrl', file: 'routes/events/shortUrl.tsx' },
  { path: '/liveEvents', file: 'routes/events/liveEvents.tsx' },
  { path: '/eventsCalendar', file: 'routes/events/eventsCalendar.tsx' },
  { path: '/preview', file: 'routes/events/preview.tsx' },
  { path: '/ety', file: 'routes/live/ety.tsx' },
  { path: '/customVideoSettings', file: 'routes/live/customVideoSettings.tsx' },
  { path: '/demoPage', file: 'routes/live/demoPage.tsx' },
  { path: '/teamDemoPage', file: 'routes/live/teamDemoPage.tsx' },
  // Every room layout (app/lib/events/model.ts ROOM_LAYOUTS) shares one module that reads its layout from the path.
  { path: '/liveEventsContainer', file: 'routes/live/room.tsx' },
  { path: '/liveEventsVideo', file: 'routes/live/room.tsx' },
  { path: '/liveEventsChat', file: 'routes/live/room.tsx' },
  { path: '/preBuilt', file: 'routes/live/room.tsx' },
  { path: '/preBuiltChat', file: 'routes/live/room.tsx' },
  { path: '/customVideo', file: 'routes/live/room.tsx' },
  { path: '/hybridVideoChat', file: 'routes/live/room.tsx' },
  { path: '/ils', file: 'routes/live/room.tsx' },
  { path: '/lbc', file: 'routes/live/room.tsx' },
  { path: '/hbc', file: 'routes/live/room.tsx' },
  { path: '/abc', file: 'routes/live/room.tsx' },
  { path: '/habc', file: 'routes/live/room.tsx' },
  { path: '/pvs', file: 'routes/live/room.tsx' },
  { path: '/hpv', file: 'routes/live/room.tsx' },
];

/** Renders the tenant-branded 404 page for every path the table does not hold. */
export const FALLBACK_ROUTE = { path: '*', file: 'routes/fallback.tsx' };

/** Server endpoints that are not screens. @type {ReadonlyArray<RouteEntry>} */
export const API_ROUTES = [
  { path: '/api/dynamodb/resources/batchGet', file: 'routes/api/resourcesBatchGet.ts' },
  { path: '/api/events/token', file: 'routes/api/eventsToken.ts' },
  { path: '/api/events/room', file: 'routes/api/eventsRoom.ts' },
  { path: '/api/livekit/webhook', file: 'routes/api/livekitWebhook.ts' },
  { path: '/api/chat/upload', file: 'routes/api/chatUpload.ts' },
  { path: '/api/chat/file', file: 'routes/api/chatFile.ts' },
];

/** @type {Map<string, number>} */
const BODY_CAPS = new Map([...ROUTES, ...API_ROUTES].map((r) => [r.path, r.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES]));

/**
 * The largest request body accepted at `path` (exact, case-sensitive, as routes match): the
 * route's own cap, else the default, which also covers the fallback and non-Remix endpoints.
 * @param {string} path
 * @returns {number}
 */
export function maxBodyBytesFor(path) {
  return BODY_CAPS.get(path) ?? DEFAULT_MAX_BODY_BYTES;
}
