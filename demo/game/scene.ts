/**
 * The game itself: a knight who clears stages and buys potions, drawn on a canvas.
 */
export interface SceneState {
  stage: number;
  gold: number;
  potions: number;
  message: string;
}

export function drawScene(canvas: HTMLCanvasElement, state: SceneState, swing: number): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const { width: w, height: h } = canvas;
  const sky = ctx.createLinearGradient(0, 0, 0, h);
  sky.addColorStop(0, '#1c2a4a');
  sky.addColorStop(1, '#3a2a3f');
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = '#2d4a2f';
  ctx.fillRect(0, h - 70, w, 70);

  // Knight
  const x = 170;
  const y = h - 110;
  ctx.fillStyle = '#c9d3e6';
  ctx.beginPath();
  ctx.arc(x, y - 40, 22, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillRect(x - 20, y - 18, 40, 58);
  ctx.save();
  ctx.translate(x + 22, y);
  ctx.rotate(-0.9 + swing * 1.6);
  ctx.fillStyle = '#ffd866';
  ctx.fillRect(-4, -80, 8, 80);
  ctx.restore();

  // Slime of the current stage
  ctx.fillStyle = `hsl(${(state.stage * 47) % 360} 70% 55%)`;
  ctx.beginPath();
  ctx.ellipse(w - 190, h - 86, 46 - swing * 10, 34, 0, 0, Math.PI * 2);
  ctx.fill();

  ctx.fillStyle = '#f4f6fb';
  ctx.font = '600 22px system-ui, sans-serif';
  ctx.fillText(`Stage ${state.stage}`, 20, 36);
  ctx.font = '16px system-ui, sans-serif';
  ctx.fillText(`Gold ${state.gold}   Potions ${state.potions}`, 20, 62);
  ctx.fillStyle = '#ffd866';
  ctx.fillText(state.message, 20, 90);
}
