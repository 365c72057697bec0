// The exact, case-sensitive route table. Every path here is a screen path of the specification
// (tests/unit/spec-screens.ts) and has a working module; the table grows with each capability.
// `file` is relative to app/. docs/PRODUCT.md, Route index, says what each screen does.
// `maxBodyBytes` caps the request body (server/http/bodies.ts answers 413 above it); a route
// without one gets DEFAULT_MAX_BODY_BYTES, so a new route is capped without anyone remembering.
// `ids` names where a route reads the id of one of the tenant's objects: the cross-tenant matrix
// (tests/e2e/security-matrix.spec.ts) asks each for another tenant's object and expects
// 401/403/404. It also sends every known id placement to every route, so a route that reads an id
// it does not declare is still checked for leaks; declaring it adds the status check.
// `entitlement` says who may have what the route serves of an event (its room, its live broadcast,
// its recordings and their media): the entitlement matrix (tests/e2e/security-entitlement.spec.ts,
// docs/decisions/0055) asks each declared placement for a paid event's content as every kind of
// caller and holds the route to its rule; tests/unit/entitlement-declarations.test.ts fails when a
// route that reads an event or media id declares none.

/**
 * A kind of tenant object that can be asked for by id.
 * @typedef {'event' | 'shortCode' | 'inviteCode' | 'chatFile' | 'chatFileList' | 'chatMessage' | 'user' | 'article' | 'media' | 'playlist' | 'channel' | 'product' | 'order' | 'booking' | 'poll'} IdKind
 */
/**
 * Where a route reads ids, by name: `query` the loader's query parameters, `body` the action's
 * JSON or form fields, `actionQuery` query parameters the action reads too.
 * @typedef {{ query?: Readonly<Record<string, IdKind>>; body?: Readonly<Record<string, IdKind>>; actionQuery?: Readonly<Record<string, IdKind>> }} IdParams
 */
/**
 * Who may have what a route serves of an event (server/entitlement/access.server.ts hasEventAccess):
 *  - live: the room and its live broadcast: ticket holders, hosts, the organizer, the tenant's admins;
 *  - replay: what was recorded of it (recordings, kept broadcasts, their playlists, files, captions,
 *    transcripts, the chat replayed): ticket or replay holders, hosts, the organizer, admins;
 *  - staff: the room's controls: hosts, the organizer, admins;
 *  - organizer: managing the event or its media: the organizer (their owner) and admins;
 *  - own: what the caller keeps of an item for themselves (their transcript): each gets only their own;
 *  - public: anyone, but only what `shows` says (the event's public face), never its media ids,
 *    recording titles, chat text, captions or media bytes.
 * @typedef {'live' | 'replay' | 'staff' | 'organizer' | 'own' | 'public'} Serves
 */
/**
 * One way a route reaches an event's content. `event` ("query.event", "body.eventId",
 * "form.x", "actionQuery.x") is where it reads the event (or its short code or chat file, as `ids`
 * says); `media` where it reads the id of one of the event's media items, `kinds` the media kinds
 * it serves; `serves` the rule of the answer. `lists` marks a listing that may show an event's
 * content without being asked for it, with its rule. `shows` says what a public route may show.
 * @typedef {{ event?: string; media?: string; kinds?: ReadonlyArray<'image' | 'video' | 'audio' | 'document'>; serves?: Serves; lists?: Serves; shows?: string }} Entitlement
 */
/**
 * `auth: 'apiKey'` marks the public REST API (docs/decisions/0087): authenticated by a tenant's API
 * key (Authorization: Bearer), never by the session, so every caller of the security suites is
 * refused with 401 problem+json; its ids are path segments (`:eventId`), checked by the key's tenant.
 * @typedef {{ path: string; file: string; maxBodyBytes?: number; ids?: IdParams; entitlement?: Entitlement | ReadonlyArray<Entitlement>; auth?: 'apiKey' }} RouteEntry
 */

/** The body cap of every route that names none, and of every path outside the table. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/** Screens that show one event read its id from `?event=`. @type {IdParams} */
const EVENT_QUERY = { query: { event: 'event' } };

/** The media upload API reads the item's id from the JSON body. @type {IdParams} */
const MEDIA_BODY = { body: { mediaId: 'media' } };

/** What anyone may see of an event, on the pages that advertise it. */
const EVENT_FACE = "the event's public face: title, description, images, organizer, time, price and seats";
/** Every room layout: the room is the live content of its event. @type {Entitlement} */
const LIVE_ROOM = { event: 'query.event', serves: 'live' };
/** Media listings: an event's recordings only to those entitled to its replay. @type {Entitlement} */
const LISTS_MEDIA = { lists: 'replay' };
/** Event listings: the event's public face only. @type {Entitlement} */
const LISTS_EVENTS = { lists: 'public', shows: EVENT_FACE };
/** Routes that manage one media item (its owner and admins). @type {Entitlement} */
const MANAGES_MEDIA = { media: 'body.mediaId', serves: 'organizer' };

/** @type {ReadonlyArray<RouteEntry>} */
export const ROUTES = [
  { path: '/', file: 'routes/info/home.tsx', entitlement: LISTS_MEDIA },
  { path: '/home', file: 'routes/info/home.tsx', entitlement: LISTS_MEDIA },
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
  { path: '/blogDetails', file: 'routes/info/blogDetails.tsx', ids: { query: { slug: 'article' } } },
  { path: '/news', file: 'routes/info/news.tsx' },
  { path: '/newsDetails', file: 'routes/info/newsDetails.tsx', ids: { query: { slug: 'article' } } },
  { path: '/job', file: 'routes/info/job.tsx' },
  { path: '/jobDetails', file: 'routes/info/jobDetails.tsx', ids: { query: { slug: 'article' } } },
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
  // ?event= opens that event's analytics tab, for its organizer and admins (docs/decisions/0090);
  // ?channel= the Analytics tab of that channel, for its owner and admins (0094).
  { path: '/userDashboard', file: 'routes/dashboard/userDashboard.tsx', ids: { query: { event: 'event', channel: 'channel' } }, entitlement: [LISTS_EVENTS, { event: 'query.event', serves: 'organizer' }] },
  // The library, or a member's My media; ?open= shows one item in its viewer under the one media rule.
  { path: '/uploadCustomerMedia', file: 'routes/media/uploadCustomerMedia.tsx', ids: { query: { open: 'media' } }, entitlement: [{ media: 'query.open', serves: 'replay' }, LISTS_MEDIA] },
  { path: '/customerImageUpload', file: 'routes/media/customerImageUpload.tsx', entitlement: LISTS_MEDIA },
  { path: '/audioPlaylistUpload', file: 'routes/media/audioPlaylistUpload.tsx', ids: { query: { playlist: 'playlist' } }, entitlement: LISTS_MEDIA },
  { path: '/reviewVideoUpload', file: 'routes/media/reviewVideoUpload.tsx', entitlement: LISTS_MEDIA },
  { path: '/downloadFiles', file: 'routes/media/downloadFiles.tsx', ids: { query: { file: 'media' } }, entitlement: [{ media: 'query.file', serves: 'replay' }, LISTS_MEDIA] },
  { path: '/downloadPhotos', file: 'routes/media/downloadPhotos.tsx', entitlement: LISTS_MEDIA },
  { path: '/viewPhotos', file: 'routes/media/viewPhotos.tsx', ids: { query: { photo: 'media' } }, entitlement: [{ media: 'query.photo', kinds: ['image'], serves: 'replay' }, LISTS_MEDIA] },
  { path: '/browserVoice', file: 'routes/media/browserVoice.tsx' },
  { path: '/pitchDeckDownload', file: 'routes/media/pitchDeckDownload.tsx', ids: { query: { file: 'media' } }, entitlement: [{ media: 'query.file', kinds: ['document'], serves: 'replay' }, LISTS_MEDIA] },
  { path: '/pitchDeckSlide', file: 'routes/media/pitchDeckSlide.tsx', entitlement: LISTS_MEDIA },
  // Photo tools (app/lib/photo/): edits rendered in the browser, saved through the upload API.
  { path: '/photoEditor', file: 'routes/media/photoEditor.tsx', ids: { query: { image: 'media' } }, entitlement: [{ media: 'query.image', kinds: ['image'], serves: 'replay' }, LISTS_MEDIA] },
  // Its form's mediaId is covered by the matrix's every-placement leak rule; tools-photo-avatar.spec.ts checks the 404.
  { path: '/profilePhotoChanger', file: 'routes/media/profilePhotoChanger.tsx' },
  // Speech to text (docs/decisions/0047): live dictation and transcription of library items.
  { path: '/speechToText', file: 'routes/media/speechToText.tsx' },
  { path: '/transcribeAudio', file: 'routes/media/transcribeAudio.tsx', ids: { query: { media: 'media' } }, entitlement: [{ media: 'query.media', kinds: ['audio', 'video'], serves: 'replay' }, LISTS_MEDIA] },
  { path: '/consultationForm', file: 'routes/tickets/consultationForm.tsx', ids: { query: { channel: 'channel', booking: 'booking' }, actionQuery: { channel: 'channel', booking: 'booking' } } },
  { path: '/scheduleEvents', file: 'routes/events/scheduleEvents.tsx', maxBodyBytes: 256 * 1024, ids: { query: { event: 'event' }, actionQuery: { event: 'event' } }, entitlement: [{ event: 'query.event', serves: 'organizer' }, { event: 'actionQuery.event', serves: 'organizer' }, LISTS_MEDIA] },
  { path: '/testScheduler', file: 'routes/events/testScheduler.tsx' },
  { path: '/shortUrl', file: 'routes/events/shortUrl.tsx', ids: { query: { c: 'shortCode' } }, entitlement: { event: 'query.c', serves: 'public', shows: 'a redirect to the event page' } },
  { path: '/liveEvents', file: 'routes/events/liveEvents.tsx', entitlement: LISTS_EVENTS },
  { path: '/eventsCalendar', file: 'routes/events/eventsCalendar.tsx', entitlement: LISTS_EVENTS },
  { path: '/preview', file: 'routes/events/preview.tsx', ids: EVENT_QUERY, entitlement: { event: 'query.event', serves: 'public', shows: EVENT_FACE } },
  { path: '/ety', file: 'routes/live/ety.tsx', ids: EVENT_QUERY, entitlement: { event: 'query.event', serves: 'public', shows: `${EVENT_FACE}, the caller's role and when the room opens for them` } },
  { path: '/customVideoSettings', file: 'routes/live/customVideoSettings.tsx' },
  { path: '/demoPage', file: 'routes/live/demoPage.tsx' },
  // ?created= only shows its creator their own demo's link; any other id shows the create form.
  { path: '/teamDemoPage', file: 'routes/live/teamDemoPage.tsx', ids: { query: { invite: 'inviteCode' } } },
  // Every room layout (app/lib/events/model.ts ROOM_LAYOUTS) shares one module that reads its layout from the path.
  { path: '/liveEventsContainer', file: 'routes/live/room.tsx', ids: EVENT_QUERY, entitlement: LIVE_ROOM },
  { path: '/liveEventsVideo', file: 'routes/live/room.tsx', ids: EVENT_QUERY, entitlement: LIVE_ROOM },
  { path: '/liveEventsChat', file: 'routes/live/room.tsx', ids: EVENT_QUERY, entitlement: LIVE_ROOM },
  { path: '/preBuilt', file: 'routes/live/room.tsx', ids: EVENT_QUERY, entitlement: LIVE_ROOM },
  { path: '/preBuiltChat', file: 'routes/live/room.tsx', ids: EVENT_QUERY, entitlement: LIVE_ROOM },
  { path: '/customVideo', file: 'routes/live/room.tsx', ids: EVENT_QUERY, entitlement: LIVE_ROOM },
  { path: '/hybridVideoChat', file: 'routes/live/room.tsx', ids: EVENT_QUERY, entitlement: LIVE_ROOM },
  { path: '/ils', file: 'routes/live/room.tsx', ids: EVENT_QUERY, entitlement: LIVE_ROOM },
  { path: '/lbc', file: 'routes/live/broadcastRoom.tsx', ids: EVENT_QUERY, entitlement: LIVE_ROOM },
  { path: '/hbc', file: 'routes/live/broadcastRoom.tsx', ids: EVENT_QUERY, entitlement: LIVE_ROOM },
  { path: '/abc', file: 'routes/live/room.tsx', ids: EVENT_QUERY, entitlement: LIVE_ROOM },
  { path: '/habc', file: 'routes/live/room.tsx', ids: EVENT_QUERY, entitlement: LIVE_ROOM },
  { path: '/pvs', file: 'routes/live/room.tsx', ids: EVENT_QUERY, entitlement: LIVE_ROOM },
  { path: '/hpv', file: 'routes/live/room.tsx', ids: EVENT_QUERY, entitlement: LIVE_ROOM },
  // Uploads (app/lib/media/uploadApi.ts): the browser sends the files straight to storage.
  { path: '/uploadS3', file: 'routes/media/uploadS3.tsx' },
  { path: '/uploadS3Media', file: 'routes/media/uploadS3Media.tsx' },
  { path: '/directUpload', file: 'routes/media/directUpload.tsx' },
  { path: '/uppyFileUpload', file: 'routes/media/uppyFileUpload.tsx' },
  { path: '/uploadSystemMedia', file: 'routes/media/uploadSystemMedia.tsx' },
  { path: '/systemImageUpload', file: 'routes/media/systemImageUpload.tsx' },
  // Media tools (issue 17).
  { path: '/mediaCapture', file: 'routes/media/mediaCapture.tsx' },
  // On demand (docs/decisions/0032): the libraries, an event's recording, an organizer's introduction video.
  { path: '/vod', file: 'routes/ondemand/vod.tsx', entitlement: LISTS_MEDIA },
  { path: '/aod', file: 'routes/ondemand/aod.tsx', entitlement: LISTS_MEDIA },
  { path: '/eventVod', file: 'routes/ondemand/eventVod.tsx', ids: { query: { eventId: 'event' } }, entitlement: { event: 'query.eventId', serves: 'replay' } },
  { path: '/cmiVideo', file: 'routes/ondemand/cmiVideo.tsx', ids: { query: { organizerId: 'user', channel: 'channel' } }, entitlement: [{ media: 'form.mediaId', kinds: ['video'], serves: 'organizer' }, LISTS_MEDIA] },
  // Single-item playback (docs/decisions/0031-player.md): the one player, its position remembered per viewer.
  { path: '/mediaPlayBack', file: 'routes/playback/mediaPlayBack.tsx', ids: { query: { mediaId: 'media' } }, entitlement: { media: 'query.mediaId', kinds: ['video', 'audio'], serves: 'replay' } },
  { path: '/listenerMediaPlayback', file: 'routes/playback/listenerMediaPlayback.tsx', ids: { query: { mediaId: 'media', playlistId: 'playlist' } }, entitlement: { media: 'query.mediaId', kinds: ['audio'], serves: 'replay' } },
  { path: '/morePlayBack', file: 'routes/playback/morePlayBack.tsx', ids: { query: { mediaId: 'media' } }, entitlement: [{ media: 'query.mediaId', kinds: ['video'], serves: 'replay' }, LISTS_MEDIA] },
  { path: '/trailerPlayBack', file: 'routes/playback/trailerPlayBack.tsx', ids: { query: { eventId: 'event' } }, entitlement: { event: 'query.eventId', serves: 'public', shows: 'the trailer its organizer picked (a library video shown to anyone)' } },
  { path: '/nuevoPlayerPage', file: 'routes/playback/nuevoPlayerPage.tsx', ids: { query: { mediaId: 'media' } }, entitlement: { media: 'query.mediaId', kinds: ['video'], serves: 'replay' } },
  { path: '/nuevoPlayerDemoPage', file: 'routes/playback/nuevoPlayerDemoPage.tsx' },
  // Live ingest keys (docs/decisions/0029): the event is picked with ?eventId=; the actions take it as a form field (checked by tests/e2e/broadcast-access.spec.ts).
  { path: '/rtmpKey', file: 'routes/broadcast/rtmpKey.tsx', ids: { query: { eventId: 'event' } }, entitlement: { event: 'query.eventId', serves: 'organizer' } },
  { path: '/srtKey', file: 'routes/broadcast/srtKey.tsx', ids: { query: { eventId: 'event' } }, entitlement: { event: 'query.eventId', serves: 'organizer' } },
  // Payouts (docs/decisions/0033): the organizer's ledgers, and where the provider's onboarding returns.
  { path: '/primeProfilePayments', file: 'routes/payments/primeProfilePayments.tsx' },
  { path: '/accountLinkReturn', file: 'routes/payments/accountLinkReturn.tsx' },
  { path: '/accountLinkRefresh', file: 'routes/payments/accountLinkRefresh.tsx' },
  // The shop (issue 15, docs/decisions/0034): the tenant's channels, one channel, one product.
  { path: '/customerChannels', file: 'routes/shop/customerChannels.tsx' },
  { path: '/channelPage', file: 'routes/shop/channelPage.tsx', ids: { query: { channel: 'channel' } }, entitlement: { lists: 'replay', shows: `${EVENT_FACE} of its owner's upcoming events` } },
  { path: '/channelProductDetails', file: 'routes/shop/channelProductDetails.tsx', ids: { query: { product: 'product' } }, entitlement: LISTS_MEDIA },
];

/**
 * Embed pages (docs/decisions/0089): an event's face and a library video for other sites to frame,
 * without the site's header and footer. They are not screens of the specification, so they sit
 * apart from ROUTES, but every suite that covers a screen covers them (security catalog,
 * entitlement declarations, metrics labels). @type {ReadonlyArray<RouteEntry>}
 */
export const EMBED_ROUTES = [
  { path: '/embed/event', file: 'routes/embed/embedEvent.tsx', ids: EVENT_QUERY, entitlement: { event: 'query.event', serves: 'public', shows: EVENT_FACE } },
  { path: '/embed/video', file: 'routes/embed/embedVideo.tsx', ids: { query: { mediaId: 'media' } }, entitlement: { media: 'query.mediaId', kinds: ['video'], serves: 'replay' } },
  // The site's own window where a signed-in person lets an embed frame in (never framed itself).
  { path: '/embed/signIn', file: 'routes/embed/embedSignIn.tsx', maxBodyBytes: 4 * 1024 },
];

/** Renders the tenant-branded 404 page for every path the table does not hold. */
export const FALLBACK_ROUTE = { path: '*', file: 'routes/fallback.tsx' };

/** Server endpoints that are not screens. @type {ReadonlyArray<RouteEntry>} */
export const API_ROUTES = [
  { path: '/api/dynamodb/resources/batchGet', file: 'routes/api/resourcesBatchGet.ts' },
  { path: '/api/events/token', file: 'routes/api/eventsToken.ts', ids: { body: { eventId: 'event' } }, entitlement: { event: 'body.eventId', serves: 'live' } },
  { path: '/api/tickets/register', file: 'routes/tickets/ticketsRegister.ts', ids: { body: { eventId: 'event' } }, entitlement: { event: 'body.eventId', serves: 'public', shows: 'whether a free seat can be had' } },
  { path: '/api/tickets/ics', file: 'routes/tickets/ticketsIcs.ts', ids: EVENT_QUERY, entitlement: { event: 'query.event', serves: 'public', shows: `${EVENT_FACE} as a calendar file` } },
  // Registration questions (docs/decisions/0083): a buyer's answers before checkout, one person's answers for the hosts, the organizer's CSV.
  { path: '/api/registration/answers', file: 'routes/api/registrationAnswers.ts', maxBodyBytes: 64 * 1024, ids: { query: { event: 'event', user: 'user' }, body: { eventId: 'event' } }, entitlement: [{ event: 'query.event', serves: 'staff' }, { event: 'body.eventId', serves: 'public', shows: 'whether answers to its registration questions are taken' }] },
  { path: '/api/registration/export', file: 'routes/api/registrationExport.ts', ids: EVENT_QUERY, entitlement: { event: 'query.event', serves: 'organizer' } },
  // Event analytics (docs/decisions/0090): the attendance table as CSV, for the organizer and admins.
  { path: '/api/analytics/attendance', file: 'routes/api/analyticsAttendance.ts', ids: EVENT_QUERY, entitlement: { event: 'query.event', serves: 'organizer' } },
  // Outbound webhooks, tenant admins only (docs/decisions/0088).
  { path: '/api/webhooks', file: 'routes/api/webhooks/webhooks.ts', maxBodyBytes: 16 * 1024 },
  // A channel's consultation settings, its owner only (docs/decisions/0035).
  { path: '/api/consultations/availability', file: 'routes/tickets/consultationSettings.ts', ids: { query: { channel: 'channel' }, body: { channelId: 'channel' } } },
  { path: '/api/events/room', file: 'routes/api/eventsRoom.ts', ids: { query: { event: 'event' }, body: { eventId: 'event', identity: 'user' } }, entitlement: [{ event: 'query.event', serves: 'staff' }, { event: 'body.eventId', serves: 'live' }] },
  // Breakout rooms (docs/decisions/0084): their state for anyone in the room, the hosts' controls, a breakout's video token.
  { path: '/api/breakouts', file: 'routes/api/breakouts.ts', maxBodyBytes: 512 * 1024, ids: { query: { event: 'event' }, body: { eventId: 'event' } }, entitlement: [{ event: 'query.event', serves: 'live' }, { event: 'body.eventId', serves: 'staff' }] },
  { path: '/api/breakouts/token', file: 'routes/api/breakoutsToken.ts', ids: { body: { eventId: 'event' } }, entitlement: { event: 'body.eventId', serves: 'live' } },
  { path: '/api/livekit/webhook', file: 'routes/api/livekitWebhook.ts' },
  { path: '/api/recording', file: 'routes/api/recording/recording.ts', ids: { query: { event: 'event' }, body: { eventId: 'event', mediaId: 'media' } }, entitlement: [{ event: 'query.event', serves: 'live' }, { event: 'body.eventId', serves: 'staff' }] },
  { path: '/api/recording/restream', file: 'routes/api/recording/restream.ts', ids: { query: { event: 'event' }, body: { eventId: 'event' } }, entitlement: [{ event: 'query.event', serves: 'staff' }, { event: 'body.eventId', serves: 'organizer' }] },
  // Live polls (docs/decisions/0081): the event's polls for anyone in the room, the hosts' controls and votes; one poll's votes as CSV for hosts.
  { path: '/api/polls', file: 'routes/api/polls/polls.ts', ids: { query: { event: 'event' }, body: { eventId: 'event' } }, entitlement: [{ event: 'query.event', serves: 'live' }, { event: 'body.eventId', serves: 'live' }] },
  { path: '/api/polls/export', file: 'routes/api/polls/pollsExport.ts', ids: { query: { event: 'event', poll: 'poll' } }, entitlement: { event: 'query.event', serves: 'staff' } },
  { path: '/api/roomSales', file: 'routes/api/roomSales.ts', ids: { query: { event: 'event' }, body: { eventId: 'event' } }, entitlement: [{ event: 'query.event', serves: 'live' }, { event: 'body.eventId', serves: 'staff' }] },
  // An event's waiting room (docs/decisions/0082): the caller's standing (the queue for its staff), a participant's knock, the hosts' admit and deny.
  { path: '/api/waitingRoom', file: 'routes/api/waitingRoom.ts', ids: { query: { event: 'event' }, body: { eventId: 'event' } }, entitlement: [{ event: 'query.event', serves: 'live' }, { event: 'body.eventId', serves: 'live' }] },
  { path: '/api/chat/upload', file: 'routes/api/chatUpload.ts', ids: { body: { eventId: 'event' } }, entitlement: { event: 'body.eventId', serves: 'live' } },
  { path: '/api/chat/file', file: 'routes/api/chatFile.ts', ids: { query: { event: 'event', key: 'chatFile' } }, entitlement: { event: 'query.event', serves: 'live' } },
  // People's avatars (app/lib/photo/avatar.ts): a redirect to a signed link; another tenant's person is not found.
  { path: '/api/avatar', file: 'routes/api/avatar.ts', ids: { query: { user: 'user' } } },
  // The library's API (app/lib/media/library.ts): the named items are looked up before the rest of the body is judged.
  { path: '/api/media/items', file: 'routes/api/media/items.ts', ids: { body: { id: 'media' } }, entitlement: { media: 'body.id', serves: 'organizer' } },
  { path: '/api/media/review', file: 'routes/api/media/review.ts', ids: { body: { id: 'media' } }, entitlement: { media: 'body.id', serves: 'organizer' } },
  { path: '/api/media/playlists', file: 'routes/api/media/playlists.ts', ids: { body: { id: 'playlist' } } },
  // Media uploads (app/lib/media/uploadApi.ts): the browser sends the bytes to storage, never here.
  { path: '/api/media/upload/start', file: 'routes/api/media/uploadStart.ts' },
  { path: '/api/media/upload/sign', file: 'routes/api/media/uploadSign.ts', ids: MEDIA_BODY, entitlement: MANAGES_MEDIA },
  { path: '/api/media/upload/abort', file: 'routes/api/media/uploadAbort.ts', ids: MEDIA_BODY, entitlement: MANAGES_MEDIA },
  { path: '/api/media/upload/finish', file: 'routes/api/media/uploadFinish.ts', ids: MEDIA_BODY, entitlement: MANAGES_MEDIA },
  { path: '/api/media/download', file: 'routes/api/media/download.ts', ids: { query: { id: 'media' } }, entitlement: { media: 'query.id', serves: 'replay' } },
  { path: '/api/media/playlist', file: 'routes/api/media/playlist.ts', ids: { query: { id: 'media' } }, entitlement: { media: 'query.id', kinds: ['video'], serves: 'replay' } },
  { path: '/api/media/status', file: 'routes/api/media/status.ts', ids: { query: { id: 'media' } }, entitlement: { media: 'query.id', serves: 'replay' } },
  { path: '/api/media/retry', file: 'routes/api/media/retry.ts', ids: MEDIA_BODY, entitlement: MANAGES_MEDIA },
  { path: '/api/media/zip', file: 'routes/api/media/zip.ts', ids: { query: { ids: 'media' } }, entitlement: { media: 'query.ids', kinds: ['image'], serves: 'replay' } },
  // Transcripts of library items and captions files (server/speech/api/transcripts.server.ts).
  { path: '/api/transcripts', file: 'routes/api/speech/transcripts.ts', ids: { query: { media: 'media' }, body: { mediaId: 'media' } }, entitlement: [{ media: 'query.media', serves: 'own' }, { media: 'body.mediaId', kinds: ['audio', 'video'], serves: 'replay' }] },
  { path: '/api/transcripts/cues', file: 'routes/api/speech/transcriptCues.ts', maxBodyBytes: 1024 * 1024, ids: MEDIA_BODY, entitlement: MANAGES_MEDIA },
  { path: '/api/transcripts/captions', file: 'routes/api/speech/transcriptCaptions.ts', maxBodyBytes: 1024 * 1024, ids: MEDIA_BODY, entitlement: MANAGES_MEDIA },
  // Text read aloud as an MP3 (the text-to-speech socket's rules, docs/decisions/0046).
  { path: '/api/speech/tts', file: 'routes/api/speech/ttsDownload.ts', maxBodyBytes: 32 * 1024 },
  // Remembered playback positions (app/lib/playback/position.ts): the players post where a signed-in viewer is.
  { path: '/api/playback/position', file: 'routes/api/playback/position.ts', ids: { body: { mediaId: 'media' } }, entitlement: { media: 'body.mediaId', kinds: ['video', 'audio'], serves: 'replay' } },
  // Viewer-experience and playback beacons (server/beacons/, docs/decisions/0093): one library video or one event's room per batch.
  { path: '/api/beacons', file: 'routes/api/beacons.ts', maxBodyBytes: 8 * 1024, ids: { body: { mediaId: 'media', eventId: 'event' } }, entitlement: [{ media: 'body.mediaId', kinds: ['video'], serves: 'replay' }, { event: 'body.eventId', serves: 'live' }] },
  // Live broadcasts (docs/decisions/0029): the live state and the live HLS playlist of an event.
  { path: '/api/broadcast/status', file: 'routes/api/broadcast/status.ts', ids: EVENT_QUERY, entitlement: { event: 'query.event', serves: 'public', shows: 'the live state (status, protocol, bitrate, picture size, start and end), never a media id' } },
  { path: '/api/broadcast/live', file: 'routes/api/broadcast/live.ts', ids: EVENT_QUERY, entitlement: { event: 'query.event', serves: 'live' } },
  // The shop (docs/decisions/0034): organizers' channels and products, and the cart.
  { path: '/api/channels', file: 'routes/api/shop/channels.ts', ids: { body: { channelId: 'channel' } } },
  { path: '/api/products', file: 'routes/api/shop/products.ts', ids: { body: { productId: 'product' } } },
  { path: '/api/cart', file: 'routes/api/shop/cart.ts', ids: { body: { productId: 'product' } } },
  // Payments (docs/decisions/0033): checkout, its return and status, the providers' signed webhooks, refunds, payout onboarding.
  { path: '/api/checkout', file: 'routes/api/payments/checkout.ts' },
  { path: '/api/checkout/return', file: 'routes/api/payments/checkoutReturn.ts', ids: { query: { order: 'order' } } },
  { path: '/api/checkout/status', file: 'routes/api/payments/checkoutStatus.ts', ids: { query: { order: 'order' } } },
  { path: '/api/payments/webhook/test', file: 'routes/api/payments/webhookTest.ts' },
  { path: '/api/payments/webhook/stripe', file: 'routes/api/payments/webhookStripe.ts' },
  { path: '/api/orders/refund', file: 'routes/api/payments/refund.ts', ids: { body: { orderId: 'order' } } },
  { path: '/api/payments/onboard', file: 'routes/api/payments/onboard.ts' },
  { path: '/api/payments/ledger', file: 'routes/api/payments/ledger.ts' },
  // An embed frame collects the sign-in granted in the site's window, or signs out (docs/decisions/0089).
  { path: '/api/embed/session', file: 'routes/api/embed/session.ts', maxBodyBytes: 1024 },
  // The public REST API (docs/decisions/0087): its OpenAPI document and reference page (no data), the
  // operations (API key only, one module that dispatches by path), and the admins' key management.
  { path: '/api/v1/openapi.json', file: 'routes/api/v1/openapi.ts' },
  { path: '/api/v1/docs', file: 'routes/api/v1/reference.ts' },
  { path: '/api/v1/events', file: 'routes/api/v1/publicApi.ts', auth: 'apiKey' },
  { path: '/api/v1/events/:eventId', file: 'routes/api/v1/publicApi.ts', auth: 'apiKey' },
  { path: '/api/v1/events/:eventId/cancel', file: 'routes/api/v1/publicApi.ts', auth: 'apiKey' },
  { path: '/api/v1/events/:eventId/registrations', file: 'routes/api/v1/publicApi.ts', auth: 'apiKey' },
  { path: '/api/v1/events/:eventId/attendance', file: 'routes/api/v1/publicApi.ts', auth: 'apiKey' },
  { path: '/api/v1/events/:eventId/orders', file: 'routes/api/v1/publicApi.ts', auth: 'apiKey' },
  { path: '/api/v1/events/:eventId/analytics', file: 'routes/api/v1/publicApi.ts', auth: 'apiKey' },
  { path: '/api/v1/media', file: 'routes/api/v1/publicApi.ts', auth: 'apiKey' },
  { path: '/api/v1/media/:mediaId', file: 'routes/api/v1/publicApi.ts', auth: 'apiKey' },
  { path: '/api/apiKeys', file: 'routes/api/apiKeys.ts' },
];

/** @type {Map<string, number>} */
const BODY_CAPS = new Map([...ROUTES, ...API_ROUTES, ...EMBED_ROUTES].map((r) => [r.path, r.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES]));

/**
 * The largest request body accepted at `path` (exact, case-sensitive, as routes match): the
 * route's own cap, else the default, which also covers the fallback and non-Remix endpoints.
 * @param {string} path
 * @returns {number}
 */
export function maxBodyBytesFor(path) {
  return BODY_CAPS.get(path) ?? DEFAULT_MAX_BODY_BYTES;
}
