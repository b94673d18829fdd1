import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { FaqAccordion } from './FaqAccordion.tsx';

const questions = [
  'Does Matome store my messages?',
  'What permissions does Matome ask for?',
  'How much does it cost?',
  'Which chat services are supported?',
  'How is my account kept safe?',
];

function answerOf(question: HTMLElement): HTMLElement {
  const answer = document.getElementById(question.getAttribute('aria-controls') ?? '');
  if (!answer) throw new Error(`${question.textContent} controls no element`);
  return answer;
}

describe('FaqAccordion', () => {
  it('lists five questions, all closed', () => {
    render(<FaqAccordion />);

    const buttons = questions.map((name) => screen.getByRole('button', { name }));
    for (const button of buttons) {
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(answerOf(button)).not.toBeVisible();
    }
  });

  it('keeps one answer open at a time, and closes the open one when its question is selected again', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion />);
    const storage = screen.getByRole('button', { name: questions[0] });
    const price = screen.getByRole('button', { name: questions[2] });

    await user.click(storage);
    expect(storage).toHaveAttribute('aria-expanded', 'true');
    expect(answerOf(storage)).toBeVisible();
    expect(answerOf(storage)).toHaveTextContent('Message content is never saved');

    await user.click(price);
    expect(price).toHaveAttribute('aria-expanded', 'true');
    expect(answerOf(price)).toBeVisible();
    expect(storage).toHaveAttribute('aria-expanded', 'false');
    expect(answerOf(storage)).not.toBeVisible();

    await user.click(price);
    expect(price).toHaveAttribute('aria-expanded', 'false');
    expect(answerOf(price)).not.toBeVisible();
    expect(screen.queryAllByRole('button', { expanded: true })).toHaveLength(0);
  });

  it('opens from the keyboard', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion />);

    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: questions[0] })).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: questions[1] })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: questions[0] })).toHaveAttribute('aria-expanded', 'false');
  });

  it('speaks Japanese', async () => {
    await changeLanguage('jp');
    render(<FaqAccordion />);

    expect(screen.getByRole('heading', { level: 2, name: 'よくあるご質問' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'メッセージは保存されますか？' })).toBeVisible();
  });
});
