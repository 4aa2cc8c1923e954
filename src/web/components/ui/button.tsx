import type { ComponentProps } from 'react';
import { buttonClass, type ButtonVariants } from './button-variants';

/** A `<button>` (type "button" unless given); a link styled as a button uses `buttonClass` on its own element. */
export type ButtonProps = ComponentProps<'button'> & ButtonVariants;

export function Button({ className, variant, size, type, ...props }: ButtonProps) {
  return <button className={buttonClass({ variant, size, className })} type={type ?? 'button'} {...props} />;
}
