/* The table chat of the online table: the log, the unread count while folded (phones), the
   send form, and the hide button for moderators (the server checks who may hide). */
(function () {
  "use strict";
  function $(id) { return document.getElementById(id); }
  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  function create(options) {
    var t = options.t;
    var send = options.send;
    var box = $("ot-chat");
    var log = $("ot-chat-log");
    var badge = $("ot-chat-unread");
    var unread = 0;

    function node(message) {
      var item = el("li", "ot-chat-item" + (message.hidden ? " hidden" : ""));
      item.dataset.id = message.id;
      var who = message.seat ? message.seat + " · " + message.name : message.name + " (" + t.spectator + ")";
      item.appendChild(el("strong", null, who));
      item.appendChild(document.createTextNode(" "));
      item.appendChild(el("span", "ot-chat-text", message.hidden ? t.hiddenMessage : message.text));
      if (options.moderator && !message.hidden) {
        var hide = el("button", "link ot-hide", t.hide);
        hide.type = "button";
        hide.addEventListener("click", function () { send({ type: "chat_hide", id: message.id }); });
        item.appendChild(hide);
      }
      return item;
    }
    function add(message, live) {
      log.appendChild(node(message));
      while (log.children.length > 200) log.removeChild(log.firstChild);
      log.scrollTop = log.scrollHeight;
      if (live && !box.open) {
        unread += 1;
        badge.textContent = String(unread);
        badge.hidden = false;
      }
    }
    function replace(messages) {
      log.innerHTML = "";
      messages.forEach(function (m) { add(m, false); });
    }
    function hide(id) {
      var item = log.querySelector('[data-id="' + Number(id) + '"]');
      if (!item) return;
      item.classList.add("hidden");
      item.querySelector(".ot-chat-text").textContent = t.hiddenMessage;
      var button = item.querySelector(".ot-hide");
      if (button) button.remove();
    }

    // Open beside the table on a laptop, folded away on a phone.
    box.open = window.matchMedia("(min-width: 900px)").matches;
    box.addEventListener("toggle", function () {
      if (box.open) { unread = 0; badge.hidden = true; }
    });
    var form = $("ot-chat-form");
    if (form) {
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        var input = $("ot-chat-text");
        var text = input.value.trim().slice(0, 300);
        if (text && send({ type: "chat", text: text })) input.value = "";
      });
    }
    return { add: add, replace: replace, hide: hide };
  }

  window.OnlineChat = { create: create };
})();
