import type { TagWrite } from '../lib/tag-changes.ts';
import { addMessageTag } from './add-message-tag.ts';
import { removeMessageTag } from './remove-message-tag.ts';

const write = ({ message, tagId, add }: TagWrite) =>
  add ? addMessageTag(message, tagId) : removeMessageTag(message, tagId);

/**
 * Makes all of `writes`, or none: when any fails, those that were made are made undone again (as far as the server
 * lets them) and it rejects, so an undo that fails leaves the tags as they were.
 */
export async function writeMessageTags(writes: readonly TagWrite[]): Promise<void> {
  const results = await Promise.allSettled(writes.map(write));
  const failure = results.find((result) => result.status === 'rejected');
  if (!failure) return;
  const made = writes.filter((_, index) => results[index]!.status === 'fulfilled');
  await Promise.allSettled(made.map((made) => write({ ...made, add: !made.add })));
  throw failure.reason;
}
