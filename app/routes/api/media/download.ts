// The route module of /api/media/download?id=<mediaId>[&scope=system][&file=<original|size|mp4|mp3|poster>]: a redirect to a
// short-lived signed link that saves the file (Content-Disposition: attachment).
export { action, loader } from './download.server';
