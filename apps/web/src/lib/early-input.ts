import { useEffect } from 'react';

/** Form fields whose text a visitor can type before the app hydrates them. */
const TEXT_FIELDS = 'input:not([type=checkbox]):not([type=radio]):not([type=hidden]), textarea';

type Typed = { field: HTMLInputElement | HTMLTextAreaElement; value: string };
/** Kept by public/boot.js on a prerendered page until the app takes over. */
type EarlyInput = { heldForm: HTMLFormElement | null; heldClicks?: HTMLElement[]; appReady: boolean };
declare global {
  interface Window {
    preffyEarlyInput?: EarlyInput;
  }
}

let typed: Typed[] = [];

/**
 * Takes what a visitor typed on a prerendered page before its JavaScript arrived (main.tsx, just
 * before hydrating). React leaves typed text in the field when it hydrates, but the form's state
 * still holds the drawn value, and its next render would wipe the text.
 */
export function takeEarlyInput(root: HTMLElement) {
  typed = [...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TEXT_FIELDS)]
    .filter((field) => field.value !== field.defaultValue)
    .map((field) => ({ field, value: field.value }));
}

/**
 * The app has hydrated (its root's first effects run after every screen's): from now on forms
 * and presses go to it, not to boot.js. Until then boot.js holds them, also while hydration
 * runs: hydration yields to the browser, and a press in between reached neither (a submit
 * button's press then sent the form natively and reloaded the page, losing what was typed).
 */
export function markAppReady() {
  const early = window.preffyEarlyInput;
  if (early) early.appReady = true;
}

/**
 * Once the screen holding the fields is hydrated (React hydrates a screen after the shell around
 * it), hands each typed text to its form as if just typed, then sends the held form and presses
 * the held buttons again: nothing typed is lost, and a press of Enter, Sign in or a tab before
 * the app arrived still counts. Used by the screens drawn before the app: AuthCard, the public
 * page's entry form, and the server-drawn tables (ServerTable).
 */
export function useReplayEarlyInput() {
  useEffect(() => {
    const replay = typed;
    // What boot.js held up to now, hydration included.
    const early = window.preffyEarlyInput;
    const form = early?.heldForm ?? null;
    const clicks = early?.heldClicks ?? [];
    typed = [];
    if (early) {
      early.heldForm = null;
      early.heldClicks = [];
    }
    for (const { field, value } of replay) {
      if (!field.isConnected) continue;
      // React notices a change by comparing with the value it last set: through its own setter
      // the field holds the drawn value, then the prototype's writes the typed text behind
      // React's back, and the input event reaches the form's onChange.
      field.value = field.defaultValue;
      const prototype = Object.getPrototypeOf(field) as HTMLInputElement | HTMLTextAreaElement;
      Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    // After the typed text has reached the form's state.
    setTimeout(() => {
      if (form?.isConnected) form.requestSubmit();
      for (const pressed of clicks) if (pressed.isConnected) pressed.click();
    }, 0);
  }, []);
}
