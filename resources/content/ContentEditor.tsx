import {
  AlignmentButtons,
  ClearButtons,
  FormatButtons,
  LevelSelect,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
} from 'ra-input-rich-text';

/**
 * An editor left empty answers `<p></p>` (or `<p><br></p>`): no text is no content, which the
 * server refuses too (Content is required.).
 */
export function contentRequired(value: unknown) {
  const text = String(value ?? '')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|\s/g, '');
  return text === '' ? 'app.content.content_required' : undefined;
}

/**
 * The rich text editor of the content screens, offering only what the server keeps
 * (server/lib/richText.ts): no colour, highlight or image buttons, whose effect would be stripped
 * on save.
 */
export function ContentEditor() {
  return (
    <RichTextInput
      source="content"
      label="app.content.content"
      validate={contentRequired}
      fullWidth
      toolbar={
        <RichTextInputToolbar>
          <LevelSelect />
          <FormatButtons />
          <AlignmentButtons />
          <ListButtons />
          <LinkButtons />
          <QuoteButtons />
          <ClearButtons />
        </RichTextInputToolbar>
      }
    />
  );
}
