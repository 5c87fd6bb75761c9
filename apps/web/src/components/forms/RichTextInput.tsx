import { Text } from '@mantine/core';
import { DEFAULT_LABELS, Link, RichTextEditor } from '@mantine/tiptap';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import '@mantine/tiptap/styles.css';

/** Rich text (creative direction, competition and inquiry notes); the server sanitizes whatever HTML arrives. */
export function RichTextInput({
  label,
  value,
  onChange,
  readOnly = false,
}: {
  label: string;
  value: string | null;
  onChange: (html: string) => void;
  /** Shown, not editable, and without its toolbar. */
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  // Mantine's toolbar names its buttons in English unless told otherwise.
  const labels = useMemo(
    () => ({
      ...DEFAULT_LABELS,
      boldControlLabel: t('richText.bold'),
      italicControlLabel: t('richText.italic'),
      underlineControlLabel: t('richText.underline'),
      strikeControlLabel: t('richText.strike'),
      bulletListControlLabel: t('richText.bulletList'),
      orderedListControlLabel: t('richText.orderedList'),
      linkControlLabel: t('richText.link'),
      unlinkControlLabel: t('richText.unlink'),
      linkEditorInputLabel: t('richText.linkInput'),
      linkEditorInputPlaceholder: t('richText.linkPlaceholder'),
      linkEditorExternalLink: t('richText.linkExternal'),
      linkEditorInternalLink: t('richText.linkInternal'),
      linkEditorSave: t('richText.linkSave'),
    }),
    [t],
  );
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link],
    content: value ?? '',
    editable: !readOnly,
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
    immediatelyRender: false,
    // The editable area is a labelled multi-line text box for screen readers and keyboard users.
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(readOnly && { 'aria-readonly': 'true' }),
      },
    },
  });
  return (
    <div>
      <Text fw={500} size="sm" mb={4}>
        {label}
      </Text>
      <RichTextEditor editor={editor} aria-label={label} labels={labels}>
        {!readOnly && (
          <RichTextEditor.Toolbar>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
              <RichTextEditor.Underline />
              <RichTextEditor.Strikethrough />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.BulletList />
              <RichTextEditor.OrderedList />
              <RichTextEditor.Link />
              <RichTextEditor.Unlink />
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
        )}
        <RichTextEditor.Content />
      </RichTextEditor>
    </div>
  );
}
