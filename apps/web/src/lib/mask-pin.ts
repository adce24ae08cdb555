// A remote device's PIN as the cashier sees it once entered: masked but for its last two digits, enough
// to tell two phones apart, too little for a player behind the counter to read the PIN off the screen
// and spend the phone's money at another till (the PIN is what authorises a remote deposit or withdraw).
export const PIN_MASK = '••••';

/** '654321' -> '••••21'. Always four dots, so the mask does not tell the PIN's length either. */
export function maskPin(pin: string): string {
  return pin.length >= 4 ? `${PIN_MASK}${pin.slice(-2)}` : PIN_MASK;
}
