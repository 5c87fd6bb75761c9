import { type ComboboxRenderPillInput, Pill } from '@mantine/core';
import type { TFunction } from 'i18next';

/**
 * Every MultiSelect's chips (through the theme): the remove button is named ('Remove Europe')
 * and reachable with Tab. Mantine hides it from assistive technology and the keyboard, leaving
 * Backspace in the input as the only way to remove a chip, and only the last one.
 */
export function namedPill(t: TFunction) {
  return function NamedPill({ option, onRemove, disabled, reorderProps }: ComboboxRenderPillInput) {
    return (
      <Pill
        withRemoveButton={!disabled}
        onRemove={onRemove}
        disabled={disabled}
        removeButtonProps={{
          'aria-hidden': false,
          tabIndex: 0,
          'aria-label': t('removeItem', { item: option.label }),
          // The chip is about to go: focus stays in the field rather than falling to the page.
          onClick: (event) =>
            event.currentTarget.closest('.mantine-Input-input')?.querySelector('input')?.focus(),
        }}
        {...reorderProps}
      >
        {option.label}
      </Pill>
    );
  };
}
