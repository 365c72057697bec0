/**
 * The few inline scripts of a page served without the client app (docs/decisions/0004, 0069): event
 * times in the visitor's zone, a ticking countdown, copy buttons. Each does nothing on a page
 * without what it works on.
 */
import { CountdownScript } from '#app/components/events/CountdownScript';
import { LocalTimesScript } from '#app/components/events/LocalTimesScript';
import { CopyButtonsScript } from '#app/components/forms/CopyButtonsScript';

export function PlainPageScripts() {
  return (
    <>
      <LocalTimesScript />
      <CountdownScript />
      <CopyButtonsScript />
    </>
  );
}
