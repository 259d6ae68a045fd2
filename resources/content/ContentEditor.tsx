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
 * The rich text editor of the content screens, offering only what the server keeps
 * (server/lib/richText.ts): no colour, highlight or image buttons, whose effect would be stripped
 * on save.
 */
export function ContentEditor() {
  return (
    <RichTextInput
      source="content"
      label="app.content.content"
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
