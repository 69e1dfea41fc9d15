/**
 * A Cocos Creator 3.8 component that draws tp-web-sdk's offers with the engine's own nodes: a
 * `Label` per styled span (never `RichText`, whose `<on click>` an offer's text could reach), a
 * `Button` per product with its price, the toggle and a close button, in a vertical `Layout`.
 *
 * ```ts
 * const ui = createHeadlessAdapter();
 * const tp = createClient({ baseUrl, clientKey, authMode, playerSlug, ui });
 * offerNode.getComponent(TpOfferView)!.attach(ui);
 * await tp.offers.show(offerId); // drawn here; Buy, the toggle and × drive the offer
 * ```
 */
import { _decorator, Button, Color, Component, Label, Layout, Node, UITransform } from 'cc';
import type { HeadlessAdapter, OfferView } from 'tp-web-sdk';
import { offerLayout, type SpanLabel, wordsOf } from './offer-layout';

const { ccclass, property } = _decorator;

@ccclass('TpOfferView')
export class TpOfferView extends Component {
  /** The card's width in design pixels: the title and the message wrap inside it. */
  @property
  width = 440;

  /** The text color of spans without a color of their own. */
  @property(Color)
  textColor = new Color(240, 240, 245, 255);

  private view: OfferView | undefined;
  private doNotShowAgain = false;
  private stops: Array<() => void> = [];

  /** Draws each view `adapter` presents, and removes it when it closes. Returns what stops that. */
  attach(adapter: HeadlessAdapter): () => void {
    const stops = [adapter.onPresent((view) => this.draw(view)), adapter.onClose((view) => view === this.view && this.clear())];
    this.stops.push(...stops);
    if (adapter.current) this.draw(adapter.current);
    return () => stops.forEach((stop) => stop());
  }

  onDestroy(): void {
    this.stops.forEach((stop) => stop());
    // The scene goes with an offer on it: it leaves the screen, and nothing is reported.
    this.view?.close();
  }

  /** Draws `view` (replacing what was drawn). */
  draw(view: OfferView): void {
    this.clear();
    this.view = view;
    this.doNotShowAgain = false;
    const layout = offerLayout(view);
    const column = this.node.getComponent(Layout) ?? this.node.addComponent(Layout);
    column.type = Layout.Type.VERTICAL;
    column.resizeMode = Layout.ResizeMode.CONTAINER;
    this.button(layout.close, () => view.dismiss());
    this.label({ text: layout.title, rgba: undefined, fontSize: 22, bold: true, italic: false }, this.node);
    for (const line of layout.lines) {
      // One span: a label the card's width that wraps. Several: a label per word in a grid the
      // card's width, filled row by row, that grows in height (a row breaks between words).
      if (line.length === 1) {
        this.label(line[0]!, this.node);
        continue;
      }
      const row = this.child('line');
      row.getComponent(UITransform)!.width = this.width;
      const rows = row.addComponent(Layout);
      rows.type = Layout.Type.GRID;
      rows.startAxis = Layout.AxisDirection.HORIZONTAL;
      rows.resizeMode = Layout.ResizeMode.CONTAINER;
      for (const word of wordsOf(line)) this.label(word, row);
    }
    for (const buy of layout.buttons) this.button(`${buy.name}  ${buy.label}`, () => view.interact(view.products[buy.productIndex]));
    if (layout.toggle !== undefined) {
      const toggle = this.button(`☐ ${layout.toggle}`, () => {
        this.doNotShowAgain = !this.doNotShowAgain;
        view.setDoNotShowAgain(this.doNotShowAgain);
        toggle.string = `${this.doNotShowAgain ? '☑' : '☐'} ${layout.toggle}`;
      });
    }
  }

  /** Removes what was drawn (destroyed: nodes only removed would keep their labels' textures). */
  clear(): void {
    this.view = undefined;
    this.node.destroyAllChildren();
  }

  private child(name: string): Node {
    const node = new Node(name);
    node.addComponent(UITransform);
    node.parent = this.node;
    return node;
  }

  private label(span: SpanLabel, parent: Node): Label {
    const node = new Node('span');
    node.addComponent(UITransform);
    node.parent = parent;
    const label = node.addComponent(Label);
    label.string = span.text;
    label.fontSize = span.fontSize;
    label.lineHeight = Math.round(span.fontSize * 1.4);
    label.isBold = span.bold;
    label.isItalic = span.italic;
    label.color = span.rgba ? new Color(...span.rgba) : this.textColor;
    if (parent === this.node) {
      label.overflow = Label.Overflow.RESIZE_HEIGHT;
      node.getComponent(UITransform)!.width = this.width;
    }
    return label;
  }

  private button(text: string, press: () => void): Label {
    const node = this.child('button');
    // The button's size is its label's: the tap area is the words.
    const fit = node.addComponent(Layout);
    fit.type = Layout.Type.HORIZONTAL;
    fit.resizeMode = Layout.ResizeMode.CONTAINER;
    const label = this.label({ text, rgba: undefined, fontSize: 18, bold: true, italic: false }, node);
    node.addComponent(Button);
    node.on(Button.EventType.CLICK, press);
    return label;
  }
}
