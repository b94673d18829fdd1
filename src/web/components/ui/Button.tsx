import type { ComponentPropsWithRef } from 'react';
import { buttonClassName, type ButtonLook } from './button-class-name.ts';

type ButtonProps = ComponentPropsWithRef<'button'> & ButtonLook;

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return (
    <button type={type} className={`${buttonClassName({ variant, size })} ${className ?? ''}`} {...props} />
  );
}
