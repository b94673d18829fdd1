import { act } from '@testing-library/react';

type Listener = (event: MessageEvent<string>) => void;

/** Stands in for the browser's EventSource: the test delivers the server's events by hand. */
export class FakeEventSource {
  static opened: FakeEventSource[] = [];
  private readonly listeners = new Map<string, Listener[]>();

  readonly url: string;

  constructor(url: string) {
    this.url = url;
    FakeEventSource.opened.push(this);
  }

  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {}

  deliver(type: string, id: string, data?: unknown) {
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id });
    act(() => this.listeners.get(type)?.forEach((listener) => listener(event)));
  }
}
