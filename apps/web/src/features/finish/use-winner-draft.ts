import type { Finish } from '@preffy/api';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api/client.ts';
import { type FormLike, useFormMutation } from '../../lib/api/use-form-mutation.ts';
import { type SaveDraft, finishKeys, finishQuery, saveWinners, wizardOf409 } from './api/finish.ts';
import { type SlotState, choiceLabel, draftOf, slotStatesOf, winnersOf } from './winner-slots.ts';

/** How long the choices rest before the draft is saved: one save for a burst of changes. */
export const DRAFT_SAVE_DELAY_MS = 700;

type SlotValues = Record<string, string>;
const valuesOf = (slots: readonly SlotState[]): SlotValues =>
  Object.fromEntries(slots.map((slot, i) => [`slot${i}`, slot.winner ? choiceLabel(slot.winner) : '']));
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Step 1's choices, kept on screen and saved to the server as a draft a moment after each
 * change, with the version last read: the wizard resumes with them after a reload or on
 * another machine. A save that meets someone else's (409) opens the version-conflict dialog
 * with the wizard as the server holds it now; autosaving waits until it is answered.
 */
export function useWinnerDraft(
  finish: Finish,
  texts: { slotLabel: (index: number) => string; conflictTitle: string },
) {
  const queryClient = useQueryClient();
  const [slots, setSlotsState] = useState<SlotState[]>(() => slotStatesOf(finish.slots));
  const [version, setVersion] = useState(finish.version);
  // The choices last in step with the server: the base of the conflict dialog's "what changed".
  const [read, setRead] = useState<SlotState[]>(slots);
  const [dirty, setDirty] = useState(false);
  // The last autosave failed (network, 5xx, 400): the choices are kept and not saved.
  const [failed, setFailed] = useState(false);
  // A conflict stops autosaving until staff change something or choose in the dialog (closing
  // it would otherwise save again, meet the same 409 and reopen it).
  const [paused, setPaused] = useState(false);
  // What the screen shows now, for answers that arrive after later changes.
  const latest = useRef(slots);
  useEffect(() => {
    latest.current = slots;
  }, [slots]);

  const form: FormLike<SlotValues> = {
    getValues: () => valuesOf(slots),
    setErrors: (errors) => {
      const message = Object.values(errors).find(Boolean);
      if (message) notifications.show({ color: 'red', message });
    },
  };

  /** The server's answer: its version, and its banned flags and reasons where the winner is unchanged. */
  const adopt = (answer: Finish, sent: SaveDraft) => {
    queryClient.setQueryData(finishKeys.state(finish.competitionId), answer);
    setVersion(answer.version);
    setRead(slotStatesOf(answer.slots));
    const stillMine = same(winnersOf(latest.current), sent.winners);
    setSlotsState((now) =>
      now.map((slot, i) => {
        const stored = answer.slots[i];
        return stored && same(stored.winner, slot.winner)
          ? { ...slot, banned: stored.banned, reason: slot.reason ?? stored.reason }
          : slot;
      }),
    );
    setFailed(false);
    setPaused(false);
    if (stillMine) setDirty(false);
  };

  /** Their wizard replaces the choices on screen. */
  const reload = (current: Finish) => {
    const theirs = slotStatesOf(current.slots);
    setSlotsState(theirs);
    setRead(theirs);
    setVersion(current.version);
    setDirty(false);
    setFailed(false);
    setPaused(false);
    queryClient.setQueryData(finishKeys.state(finish.competitionId), current);
  };

  const save = useFormMutation<SlotValues, SaveDraft, { finish: Finish }, Finish>({
    form,
    mutationFn: async (body) => {
      try {
        return await saveWinners(finish.competitionId, body);
      } catch (error) {
        // The winners were submitted meanwhile: the wizard moves on to the step they reached.
        const moved =
          error instanceof ApiError && error.body.code === 'FINISH_STEP' ? wizardOf409(error) : null;
        if (moved) queryClient.setQueryData(finishKeys.state(finish.competitionId), moved);
        if (error instanceof ApiError && error.body.code === 'VERSION_CONFLICT') {
          setPaused(true);
          // The dialog compares with the wizard as the server holds it now, read fresh.
          const current = await queryClient.fetchQuery({
            ...finishQuery(finish.competitionId),
            staleTime: 0,
          });
          throw new ApiError({ ...error.body, current });
        }
        throw error;
      }
    },
    onSuccess: (answer, sent) => adopt(answer.finish, sent),
    onOther: (message) => {
      // Not saved: the choices stay on screen, still to be saved (Retry, or the next change).
      setFailed(true);
      notifications.show({ color: 'red', message });
    },
    conflict: {
      title: texts.conflictTitle,
      valuesOf: (current) => valuesOf(slotStatesOf(current.slots)),
      read: valuesOf(read),
      label: (field) => texts.slotLabel(Number(field.slice('slot'.length))),
      onReload: (current) => reload(current),
      overwrite: (current) => draftOf(current.version, slots),
    },
  });
  const conflictOpen = save.conflictDialog !== null;

  useEffect(() => {
    if (!dirty || save.isPending || conflictOpen || paused || failed) return;
    const timer = setTimeout(() => void save.submit(draftOf(version, latest.current)), DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a change, a new version or a settled save reschedules
  }, [slots, version, dirty, save.isPending, conflictOpen, paused, failed]);

  // Leaving the step (another competition, another page) with a change not yet saved: it is
  // sent at once rather than lost with the timer (a conflict is left alone: nobody could answer it).
  const unsaved = dirty || save.isPending;
  const pending = useRef({ dirty, paused, version });
  useEffect(() => {
    pending.current = { dirty, paused, version };
  }, [dirty, paused, version]);
  useEffect(
    () => () => {
      const { dirty: changed, paused: conflicted, version: base } = pending.current;
      if (changed && !conflicted)
        void saveWinners(finish.competitionId, draftOf(base, latest.current))
          .then((answer) => queryClient.setQueryData(finishKeys.state(finish.competitionId), answer.finish))
          .catch(() => undefined);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on unmount only
    [],
  );

  /** Saves the choices now, with the version the screen has (a stale one opens the conflict dialog). */
  const saveNow = () => {
    setDirty(true);
    setFailed(false);
    setPaused(false);
    void save.submit(draftOf(version, latest.current));
  };

  return {
    slots,
    version,
    /** Changed on screen and not yet saved (or being saved). */
    saving: unsaved,
    /** The last save failed, or met someone else's: shown as not saved, with Retry. */
    failed: dirty && (failed || paused) && !save.isPending,
    /** Something would be lost by leaving now. */
    unsaved,
    conflictDialog: save.conflictDialog,
    /** A change by staff: saved as a draft shortly. */
    setSlots: (next: SlotState[]) => {
      setSlotsState(next);
      setDirty(true);
      setFailed(false);
      setPaused(false);
    },
    saveNow,
    reload,
  };
}
