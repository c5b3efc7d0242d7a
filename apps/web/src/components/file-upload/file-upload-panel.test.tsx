import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FileUploadPanel } from './file-upload-panel';

function renderPanel(props: { recent?: string[]; busy?: boolean; detail?: string } = {}) {
  const onFiles = vi.fn();
  render(
    <FileUploadPanel
      hint="Drag files here or click to browse"
      accept="audio/*"
      inputTestId="upload-input"
      recent={props.recent ?? []}
      onFiles={onFiles}
      {...(props.busy !== undefined && { busy: props.busy })}
      {...(props.detail !== undefined && { detail: props.detail })}
    />,
  );
  return onFiles;
}

describe('the drawer File Upload (SPEC §2: one panel for chat and voice notes)', () => {
  it('says there are no recent uploads before any', () => {
    renderPanel();
    expect(screen.getByRole('heading', { name: 'Recent Uploads' })).toBeTruthy();
    expect(screen.getByText('No recent uploads')).toBeTruthy();
  });

  it('lists the recent names', () => {
    renderPanel({ recent: ['b.webm', 'a.webm'] });
    expect(screen.queryByText('No recent uploads')).toBeNull();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'b.webm',
      'a.webm',
    ]);
  });

  it('hands chosen and dropped files to the screen, and empties the input for the next choice', () => {
    const onFiles = renderPanel();
    const file = new File(['x'], 'note.webm', { type: 'audio/webm' });
    const input = screen.getByTestId<HTMLInputElement>('upload-input');
    expect(input.accept).toBe('audio/*');
    fireEvent.change(input, { target: { files: [file] } });
    expect(onFiles).toHaveBeenLastCalledWith([file]);
    expect(input.value).toBe('');
    fireEvent.drop(input.parentElement as HTMLElement, { dataTransfer: { files: [file] } });
    expect(onFiles).toHaveBeenCalledTimes(2);
    expect(onFiles).toHaveBeenLastCalledWith([file]);
  });

  it('describes Select Files by the hint; while busy it says Uploading… and waits', () => {
    renderPanel({ busy: true, detail: 'Audio files up to 50 MB' });
    const button = screen.getByRole('button', { name: 'Uploading…' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe(
      screen.getByText('Drag files here or click to browse').id,
    );
    expect(screen.getByText('Audio files up to 50 MB')).toBeTruthy();
  });
});
