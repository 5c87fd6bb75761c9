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
let heldForm: HTMLFormElement | null = null;
let heldClicks: HTMLElement[] = [];

/**
 * Takes what a visitor did on a prerendered page before its JavaScript arrived (main.tsx, just
 * before hydrating): the text typed into its fields, and a form sent meanwhile (boot.js held
 * it). React leaves typed text in the field when it hydrates, but the form's state still holds
 * the drawn value, and its next render would wipe the text. From here on, forms go to the app.
 */
export function takeEarlyInput(root: HTMLElement) {
  typed = [...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TEXT_FIELDS)]
    .filter((field) => field.value !== field.defaultValue)
    .map((field) => ({ field, value: field.value }));
  const early = window.preffyEarlyInput;
  heldForm = early?.heldForm ?? null;
  heldClicks = early?.heldClicks ?? [];
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
    const form = heldForm;
    const clicks = heldClicks;
    typed = [];
    heldForm = null;
    heldClicks = [];
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
