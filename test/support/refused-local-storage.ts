/**
 * localStorage refused, as blocked storage refuses it (Safari's "block all cookies", some
 * WebViews): every read and write of every key throws. Returns the undo.
 */
import { vi } from 'vitest';

export function refuseLocalStorage(): () => void {
  const refuse = (): never => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  const spies = (['getItem', 'setItem', 'removeItem'] as const).map((method) => vi.spyOn(Storage.prototype, method).mockImplementation(refuse));
  return () => {
    for (const spy of spies) spy.mockRestore();
  };
}
