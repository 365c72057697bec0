/** Media players and previews (app/components/media/player): video, audio, documents, processing state. */
const player = {
  video: {
    label: 'Video: {{title}}',
    keyboardHelp: 'Space or K plays and pauses, the arrow keys skip 5 seconds, M mutes, F shows full screen.',
    loadFailed: 'This video could not be loaded. Reload the page to try again.',
    unsupported: 'This browser cannot play this video.',
  },
  audio: {
    label: 'Audio: {{title}}',
    play: 'Play {{title}}',
    pause: 'Pause {{title}}',
    waveform: 'Position in {{title}}',
    position: '{{current}} of {{total}}',
    volume: 'Volume',
    loadFailed: 'This audio could not be loaded. Reload the page to try again.',
  },
  document: {
    pageAlt: 'Page {{page}} of {{title}}',
    previous: 'Previous page',
    next: 'Next page',
    counter: 'Page {{page}} of {{count}}',
  },
  image: {
    sizes: 'Sizes: {{sizes}}',
  },
  status: {
    uploading: 'Uploading…',
    queued: 'Waiting to be processed…',
    processing: 'Processing… {{progress}}%',
    progressLabel: 'Processing progress',
    ready: 'Ready',
    failed: 'Processing failed',
    pending_review: 'Waiting for review',
    published: 'Published',
    rejected: 'Rejected',
    rejectedReason: 'Reason given: {{reason}}',
    statusUnavailable: 'The processing state cannot be checked right now. It is checked again in a moment.',
  },
  failure: {
    image_unreadable: 'This file could not be read as an image. Upload it again as a JPEG, PNG, WebP, GIF or AVIF file.',
    video_unreadable: 'This video could not be read; it may be damaged or use a format we cannot convert. Export it again as MP4 (H.264) and upload that.',
    video_no_picture: 'This file has no picture. If it is a recording of sound only, upload it as audio.',
    audio_unreadable: 'This audio file could not be read; it may be damaged. Export it again as MP3, AAC or WAV and upload that.',
    audio_no_sound: 'This file has no sound to play. Check that you chose the right file.',
    document_unreadable: 'This PDF could not be read; it may be damaged. Save it again as PDF and upload that.',
    document_protected: 'This PDF is protected by a password. Save a copy without the password and upload that.',
    document_empty: 'This PDF has no pages.',
    original_missing: 'The uploaded file is missing from storage. Upload it again.',
    processing_error: 'Processing stopped because of a problem on our side. Try again; if it keeps failing, contact support.',
  },
  retry: {
    action: 'Try processing again',
    busy: 'Starting again…',
    failed: 'Processing could not be started again. Check your connection and try again.',
  },
  api: {
    badRequest: 'The request does not name a media item.',
    signIn: 'Sign in to do this.',
    notFound: 'There is no such media item.',
    notFailed: 'Only an item whose processing failed can be processed again.',
    unavailable: 'Media processing is not available right now. Your files are kept; try again later.',
    notReady: 'This media item is not ready to play yet.',
    methodNotAllowed: 'This address does not take that kind of request.',
  },
};

export default player;
