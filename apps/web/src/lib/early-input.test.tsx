import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { markAppReady, takeEarlyInput, useReplayEarlyInput } from './early-input.ts';
import { ASYNC_UTIL_TIMEOUT_MS } from '../test/timeouts.ts';

/**
 * The replay runs after hydration, on its own turn: on a busy machine that is later than
 * expect.poll's one second, so it waits as long as the suite's findBy* do.
 */
const eventually = { timeout: ASYNC_UTIL_TIMEOUT_MS };

// React's act() warns unless told it runs in a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A controlled field and a form, as the sign-in card has them. */
function Card({ sent }: { sent: string[] }) {
  useReplayEarlyInput();
  const [email, setEmail] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        sent.push(email);
      }}
    >
      <input aria-label="Email" value={email} onChange={(event) => setEmail(event.currentTarget.value)} />
      <output>{email}</output>
    </form>
  );
}

afterEach(() => {
  document.body.innerHTML = '';
  delete window.preffyEarlyInput;
});

/** The card as prerendered, with a visitor's text typed before the app arrived. */
function prerendered(sent: string[], typed: string) {
  const root = document.createElement('div');
  root.innerHTML = renderToString(<Card sent={sent} />);
  document.body.append(root);
  root.querySelector('input')!.value = typed;
  return root;
}

describe('what a visitor did before the app arrived', () => {
  it('hands typed text to the form once hydrated, where a plain hydration keeps it out of the state', async () => {
    const sent: string[] = [];
    const plain = prerendered(sent, 'early@typed.test');
    await act(async () => void hydrateRoot(plain, <Card sent={sent} />));
    expect(plain.querySelector('output')!.textContent).toBe('');

    const root = prerendered(sent, 'early@typed.test');
    takeEarlyInput(root);
    await act(async () => void hydrateRoot(root, <Card sent={sent} />));
    expect(root.querySelector('output')!.textContent).toBe('early@typed.test');
    expect(root.querySelector('input')!.value).toBe('early@typed.test');
  });

  it('sends a form held before the app arrived, with the typed text, and lets later ones through', async () => {
    const sent: string[] = [];
    const root = prerendered(sent, 'held@typed.test');
    const early = { heldForm: root.querySelector('form'), appReady: false };
    window.preffyEarlyInput = early;
    takeEarlyInput(root);
    // Still held while the app hydrates; ready once it has.
    expect(early.appReady).toBe(false);
    await act(async () => void hydrateRoot(root, <Card sent={sent} />));
    markAppReady();
    expect(early.appReady).toBe(true);
    await expect.poll(() => sent, eventually).toEqual(['held@typed.test']);
  });

  it('presses again, once hydrated, a button pressed before the app arrived (held by boot.js), once', async () => {
    function Tabs({ pressed }: { pressed: string[] }) {
      useReplayEarlyInput();
      const [tab, setTab] = useState('a');
      return (
        <div>
          <button
            type="button"
            onClick={() => {
              pressed.push('b');
              setTab('b');
            }}
          >
            B
          </button>
          <output>{tab}</output>
        </div>
      );
    }
    const root = document.createElement('div');
    root.innerHTML = renderToString(<Tabs pressed={[]} />);
    document.body.append(root);
    // The page's first script, as the browser runs it.
    new Function(readFileSync(path.join(import.meta.dirname, '../../public/boot.js'), 'utf8'))();
    const button = root.querySelector('button')!;
    const press = () => button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    // Held: the press does nothing yet (false: its default was prevented), twice is once.
    expect(press()).toBe(false);
    expect(press()).toBe(false);
    const pressed: string[] = [];
    takeEarlyInput(root);
    // A press while the app hydrates is held too (it reached neither before).
    expect(press()).toBe(false);
    await act(async () => void hydrateRoot(root, <Tabs pressed={pressed} />));
    markAppReady();
    await expect.poll(() => root.querySelector('output')!.textContent, eventually).toBe('b');
    expect(pressed).toEqual(['b']);
    // From now on a press is the app's.
    expect(press()).toBe(true);
    expect(pressed).toEqual(['b', 'b']);
  });
});
