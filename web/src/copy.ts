/**
 * A copy-to-clipboard button that says what happened in words (in `status`, a live region) and,
 * where the clipboard is refused, selects the text so it can be copied by hand.
 */
export function copyButton(button: HTMLButtonElement, source: HTMLElement, status: HTMLElement): void {
  const label = button.textContent ?? 'Copy';
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(source.textContent ?? '');
      status.textContent = 'Copied to the clipboard.';
      button.textContent = 'Copied';
      setTimeout(() => {
        button.textContent = label;
      }, 2000);
    } catch {
      const range = document.createRange();
      range.selectNodeContents(source);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
      status.textContent = 'The clipboard is not available here: the text is selected, copy it by hand.';
    }
  });
}
