import type { FormEventHandler, ReactNode } from 'react';
import { useHydrated } from '#app/components/ui/useHydrated';

/**
 * A form only the page's script submits (sign-in, sign-up, passwords, verification codes). Until
 * the page has hydrated its controls are disabled, and it posts: a press before the script runs
 * can never put a password or a code into the address bar, the history or a server log, as a
 * plain form without a method would by submitting them as a GET query string.
 */
export function ScriptForm({ onSubmit, children, testId }: { onSubmit: FormEventHandler<HTMLFormElement>; children: ReactNode; testId?: string }) {
  const hydrated = useHydrated();
  return (
    <form method="post" onSubmit={onSubmit} noValidate data-testid={testId}>
      <fieldset disabled={!hydrated} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        {children}
      </fieldset>
    </form>
  );
}
